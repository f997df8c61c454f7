// Opens the one database of this process: PGlite under $DATA_DIR/db, or PostgreSQL when DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { logger } from "../logger";
import { metrics, reportPoolStats } from "../metrics";
import { initdbInChildProcess } from "./pglite-initdb";
import { queryCountingLogger } from "./query-count";
import { isInDatabaseOutage, noteDatabaseAvailable } from "./unavailable";
import * as schema from "~/tables";

// Both drivers answer raw queries with `{ rows }`; saying so lets db.execute be typed.
interface RowsResult<Row> {
  rows: Row[];
}
interface DbQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}

export type Db = PgDatabase<DbQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  ping(): Promise<void>;
  close(): Promise<void>;
  /** For migrations, backups and the change feed. */
  raw: PGlite | pg.Pool;
}

export interface PostgresTimeouts {
  /** Opening a connection, or waiting for a free one in the pool (default 5 s). */
  connectMs?: number;
  /** One statement; also the client-side limit on waiting for any answer (none by default). */
  statementMs?: number;
  /** A page's call left unanswered this long opens the circuit breaker (default 1 s; db/breaker.ts). */
  breakerMs?: number;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; timeouts?: PostgresTimeouts }
  /** A new data dir starts from `template` (a tar of PGlite's dumpDataDir) instead of initdb. */
  | { kind: "pglite"; dataDir: string; template?: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob };

// Without -F Postgres asks for fsync (docs/operations.md); 128 MB of shared buffers grew PGlite's
// WebAssembly memory for good (decision 0071).
const pgliteStartParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "shared_buffers=32MB"];

// Times every query outside a transaction. With `endsOutage` (PGlite) any answer ends an outage; on
// PostgreSQL the breaker decides (a late answer to a query from before the outage would end it).
function timeQueries(client: { query: (...args: never[]) => unknown }, endsOutage = false): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const end = metrics.dbQueryDuration.startTimer();
    const result = query(...args);
    if (result instanceof Promise) {
      result.then(
        () => {
          end({ outcome: "ok" });
          if (endsOutage && isInDatabaseOutage()) noteDatabaseAvailable();
        },
        () => end({ outcome: "error" }),
      );
    }
    return result;
  }) as typeof client.query;
}

// PGlite runs statements synchronously, back to back, so a flood left no socket read (decision 0107):
// each statement or transaction waits a turn of the event loop, in the order asked.
function takeTurns(client: PGlite): void {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = result.catch(() => {});
    return result;
  };
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof query;
  client.transaction = (callback) => inTurn(() => transaction(callback));
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    // Loaded only for PostgreSQL: the embedded database's start-up does not pay for them.
    const [{ default: pg }, { drizzle: drizzlePg }, { guardWithBreaker }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("./breaker"),
    ]);
    const statementMs = target.timeouts?.statementMs;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      idleTimeoutMillis: 30_000,
      // Without these a frozen or unreachable server hangs every request for ever.
      connectionTimeoutMillis: target.timeouts?.connectMs ?? 5000,
      keepAlive: true,
      ...(statementMs ? { statement_timeout: statementMs, query_timeout: statementMs } : {}),
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    timeQueries(pool);
    reportPoolStats(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }));
    const breaker = guardWithBreaker(pool, target.timeouts?.breakerMs ?? 1000);
    // The first answer after an outage ends it (the breaker's trial, or a page's query).
    breaker.onClose(noteDatabaseAvailable);
    return {
      db: drizzlePg({ client: breaker.pool, schema, logger: queryCountingLogger }) as unknown as Db,
      kind: "postgres",
      raw: pool,
      ping: breaker.ping,
      close: async () => {
        breaker.shutdown();
        await pool.end();
      },
    };
  }

  const dataDir = target.kind === "pglite" ? path.resolve(target.dataDir) : undefined;
  if (target.kind === "pglite" && dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
      const template = target.template && fs.existsSync(target.template) ? target.template : undefined;
      const peakMb = await initdbInChildProcess(dataDir, pgliteStartParams, template);
      logger().info({ template, peakMb }, "created the embedded database (in a child process)");
    }
  }
  const loadDataDir = target.kind === "pglite-memory" ? target.loadDataDir : undefined;
  const client = await PGlite.create({ dataDir, loadDataDir, startParams: pgliteStartParams });
  takeTurns(client);
  timeQueries(client, true);
  return {
    db: drizzlePglite({ client, schema, logger: queryCountingLogger }) as unknown as Db,
    kind: "pglite",
    raw: client,
    ping: () => client.query("select 1").then(() => {}),
    close: () => client.close(),
  };
}

/** pg_dump's SQL of the embedded database, in a transaction's place on PGlite's one session (it waits
 *  for the open one; statements asked meanwhile wait for it). */
export async function dumpEmbedded(client: PGlite, args: string[]): Promise<Uint8Array> {
  const tools = import("@electric-sql/pglite-tools/pg_dump");
  return client.transaction(async (tx) => {
    await tx.exec("rollback");
    const { pgDump } = await tools;
    const searchPath = (await tx.query<{ search_path: string }>("show search_path")).rows[0]!.search_path;
    const session = {
      query: tx.query,
      exec: tx.exec,
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
    };
    try {
      return new Uint8Array(await (await pgDump({ pg: session as unknown as PGlite, args })).arrayBuffer());
    } finally {
      // pg_dump leaves its read-only transaction open (it would refuse every later write) and resets
      // search_path; the last `begin` is the one the surrounding transaction commits.
      await tx.exec(`rollback; set search_path = ${searchPath}; begin`);
    }
  });
}
