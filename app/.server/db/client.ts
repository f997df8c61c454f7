// Opens the one database of this process: embedded PGlite under $DATA_DIR/db by
// default, or a real PostgreSQL through a pg pool when DATABASE_URL is set.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { logger } from "../logger";
import { metrics, reportPoolStats } from "../metrics";
import { initdbInChildProcess, needsInitdb } from "./pglite-initdb";
import { queryCountingLogger } from "./query-count";
import { isInDatabaseOutage, noteDatabaseAvailable } from "./unavailable";
import * as schema from "~/tables";

// Both drivers answer raw queries with `{ rows }`; saying so lets db.execute be typed.
interface RowsResult<Row> {
  rows: Row[];
}
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<this["row"]>;
}

export type Db = PgDatabase<DbQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The raw client, for migrations and backups. */
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
  /** On disk; a new data dir starts from `template` (a tar of a data dir, as PGlite's dumpDataDir makes) instead of initdb. */
  | { kind: "pglite"; dataDir: string; template?: string }
  /** In memory, optionally started from a dump of a migrated database (tests). */
  | { kind: "pglite-memory"; loadDataDir?: Blob };

// Without PGlite's -F, Postgres asks for fsync (a no-op in PGlite's Node filesystem today: see
// docs/operations.md). PostgreSQL's default 128 MB of shared buffers outgrew PGlite's initial
// WebAssembly memory, which then grew by hundreds of MB for good (decision 0071).
const pgliteStartParams = [...PGlite.defaultStartParams.filter((param) => param !== "-F"), "-c", "shared_buffers=32MB"];

/**
 * Times every query the client makes outside a transaction (playfolio_db_query_duration_seconds).
 * With `endsOutage`, any answer ends an outage (the embedded database; on PostgreSQL the
 * circuit breaker decides, or a late answer to a query asked before the outage would end it).
 */
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

/**
 * PGlite runs each statement synchronously in this thread, and the next queued one starts as the
 * last ends, without a turn of the event loop: under a flood no socket was read, not even to
 * answer a 503. So statements and transactions outside one are run one after another, in the
 * order asked, each after a turn of the event loop.
 */
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
    const db = drizzlePg({ client: breaker.pool, schema, logger: queryCountingLogger }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      raw: pool,
      ping: breaker.ping,
      close: async () => {
        breaker.shutdown();
        await pool.end();
      },
    };
  }

  let client: PGlite;
  if (target.kind === "pglite") {
    fs.mkdirSync(target.dataDir, { recursive: true });
    if (needsInitdb(target.dataDir)) {
      const template = target.template && fs.existsSync(target.template) ? target.template : undefined;
      const peakMb = await initdbInChildProcess(path.resolve(target.dataDir), pgliteStartParams, template);
      logger().info({ template, peakMb }, "created the embedded database (in a child process)");
    }
    client = await PGlite.create({ dataDir: path.resolve(target.dataDir), startParams: pgliteStartParams });
  } else {
    client = await PGlite.create({ startParams: pgliteStartParams, loadDataDir: target.loadDataDir });
  }
  takeTurns(client);
  timeQueries(client, true);
  const db = drizzlePglite({ client, schema, logger: queryCountingLogger }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    raw: client,
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/**
 * pg_dump's plain SQL of the embedded database, as UTF-8 bytes. pg_dump speaks on PGlite's one
 * session itself, so it holds a transaction's place: it waits for the open one to end, and every
 * statement asked meanwhile waits for it.
 */
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
      // pg_dump leaves its read-only transaction open (a real one disconnects), which would refuse
      // every later write; ending it undoes pgDump's own reset of search_path too. The last
      // `begin` is the one the surrounding transaction commits.
      await tx.exec(`rollback; set search_path = ${searchPath}; begin`);
    }
  });
}
