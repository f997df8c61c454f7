// The embedded database in its own thread. PGlite is PostgreSQL compiled to
// WebAssembly: every statement runs synchronously in the thread that owns it.
// In the server's thread, a flood of uncached requests made their queries run
// back to back, for hundreds of milliseconds at a time, while no socket was
// read: even a 503 from admission control waited behind them (decision 0027).
// Here the statements run in a worker thread; the server's thread only posts
// them and reads answers, so it keeps accepting, rejecting and rendering.
//
// The client below offers the part of PGlite's interface the app uses (query,
// transaction, listen, exec, close) and that Drizzle's PGlite driver calls, and a
// dump through @electric-sql/pglite-tools for backups. Drizzle
// passes result parsers as functions, which cannot cross threads; the ones it
// passes keep a column's text as it is, so only their type ids are sent.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { publicStatementGate } from "./statement-lanes";

/** What the app needs of an embedded database client (PGlite itself has it too). */
export interface EmbeddedClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** Runs a script of several statements (a restore's SQL dump). */
  exec(sql: string): Promise<unknown>;
  /** pg_dump's plain SQL of the whole database, made with these arguments, as UTF-8 bytes. */
  dump(args: string[]): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Request =
  | { op: "query"; sql: string; params: unknown[]; rowMode?: "array" | "object"; textTypes: number[]; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "exec"; sql: string }
  | { op: "dump"; args: string[] }
  | { op: "close" };

type Reply =
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: Record<string, unknown> }
  | { notify: string; payload: string }
  | { fatal: string };

// Runs in the worker (plain JavaScript: the server is bundled, so the worker
// cannot import a module of ours; PGlite's own entry is resolved here and passed in).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
(async () => {
  const { PGlite } = await import(workerData.pglite);
  let db;
  try {
    db = await PGlite.create({ dataDir: workerData.dataDir, startParams: workerData.startParams });
  } catch (error) {
    parentPort.postMessage({ fatal: error && error.message ? error.message : String(error) });
    return;
  }
  const transactions = new Map();
  const listeners = new Map();
  // pg_dump speaks to the one session itself: while a dump runs, no other statement may be
  // half-way through or begin. It waits until nothing else runs and no transaction is open
  // (their statements still pass), and holds every new request back until it is done.
  let active = 0;
  let exclusive = null;
  const idle = [];
  const settle = () => {
    if (active === 0 && transactions.size === 0) idle.splice(0).forEach((resolve) => resolve());
  };
  const keepText = (value) => value;
  const errorFields = (error) => {
    const fields = { message: String(error && error.message ? error.message : error) };
    if (error && typeof error === "object") {
      for (const [key, value] of Object.entries(error)) {
        if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
      }
      if (error.name) fields.name = error.name;
    }
    return fields;
  };
  const handlers = {
    query: ({ sql, params, rowMode, textTypes, tx }) => {
      const parsers = Object.fromEntries(textTypes.map((type) => [type, keepText]));
      const target = tx === undefined ? db : transactions.get(tx).tx;
      return target.query(sql, params, { rowMode, parsers });
    },
    // Answers the transaction's id (its begin request's): its statements and its end name it.
    begin: (request, id) =>
      new Promise((started, failed) => {
        db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { tx, commit, rollback });
              started(id);
            }),
        )
          .then(() => transactions.get(id).done(null), (error) => {
            const entry = transactions.get(id);
            if (entry && entry.done) entry.done(error);
            else failed(error);
          })
          .finally(() => {
            transactions.delete(id);
            settle();
          });
      }),
    end: ({ tx, commit }) =>
      new Promise((resolve, reject) => {
        const entry = transactions.get(tx);
        entry.done = (error) => (error && commit ? reject(error) : resolve());
        if (commit) entry.commit();
        else entry.rollback(new Error("rolled back"));
      }),
    listen: async ({ channel }) => {
      if (!listeners.has(channel)) {
        listeners.set(channel, await db.listen(channel, (payload) => parentPort.postMessage({ notify: channel, payload })));
      }
    },
    unlisten: async ({ channel }) => {
      const unlisten = listeners.get(channel);
      listeners.delete(channel);
      if (unlisten) await unlisten();
    },
    exec: async ({ sql }) => {
      await db.exec(sql);
    },
    dump: async ({ args }) => {
      await new Promise((resolve) => {
        idle.push(resolve);
        settle();
      });
      const { pgDump } = await import(workerData.pgDump);
      const searchPath = (await db.query("show search_path")).rows[0].search_path;
      try {
        return new Uint8Array(await (await pgDump({ pg: db, args })).arrayBuffer());
      } finally {
        // pg_dump leaves its read-only transaction open (a real one just disconnects), which would
        // refuse every later write; ending it also undoes pgDump's own reset of search_path.
        await db.exec("rollback");
        await db.exec("set search_path = " + searchPath);
      }
    },
    close: () => db.close(),
  };
  parentPort.on("message", async ({ id, request }) => {
    // Statements of an open transaction go on: a waiting dump needs that transaction to end.
    if (request.tx === undefined && request.op !== "end") while (exclusive) await exclusive;
    let release;
    if (request.op === "dump") exclusive = new Promise((resolve) => (release = resolve));
    else active++;
    try {
      const value = await handlers[request.op](request, id);
      if (request.op === "dump") parentPort.postMessage({ id, ok: true, value }, [value.buffer]);
      else parentPort.postMessage({ id, ok: true, value: request.op === "query" || request.op === "begin" ? value : undefined });
      if (request.op === "close") parentPort.close();
    } catch (error) {
      parentPort.postMessage({ id, ok: false, error: errorFields(error) });
    } finally {
      if (request.op === "dump") {
        exclusive = null;
        release();
      } else {
        active--;
        settle();
      }
    }
  });
  parentPort.postMessage({ id: 0, ok: true });
})();
`;

/** An error as the worker saw it: message, SQLSTATE code, constraint... kept for the error checks. */
function rebuildError(fields: Record<string, unknown>): Error {
  const { message, name, ...rest } = fields;
  const error = Object.assign(new Error(String(message)), rest);
  if (typeof name === "string") error.name = name;
  return error;
}

export async function openPgliteInWorker(options: {
  dataDir: string;
  startParams: string[];
  /** The worker died while the server ran: nothing can be answered any more. */
  onCrash: (error: Error) => void;
}): Promise<EmbeddedClient> {
  const resolve = (name: string) => pathToFileURL(createRequire(import.meta.url).resolve(name)).href;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pglite: resolve("@electric-sql/pglite"),
      pgDump: resolve("@electric-sql/pglite-tools/pg_dump"),
      dataDir: options.dataDir,
      startParams: options.startParams,
    },
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const channels = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let closing = false;
  let exited: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  worker.on("message", (reply: Reply) => {
    if ("fatal" in reply) return pending.get(0)?.reject(new Error(reply.fatal));
    if ("notify" in reply) {
      for (const callback of channels.get(reply.notify) ?? []) callback(reply.payload);
      return;
    }
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(rebuildError(reply.error));
  });
  const stopped = new Promise<void>((resolve) => {
    const gone = (error: Error) => {
      exited ??= error;
      for (const { reject } of pending.values()) reject(error);
      pending.clear();
      if (!closing) options.onCrash(error);
      resolve();
    };
    worker.on("error", gone);
    worker.on("exit", (code) => gone(new Error(`The embedded database thread stopped (exit code ${code})`)));
  });

  const post = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(exited);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request });
    });
  // Staff statements before the public's queue (statement-lanes.ts). A transaction's statements and
  // its end never wait: while it is open it holds the database, and everything else waits for it.
  const lanes = publicStatementGate();
  const send = <T>(request: Request): Promise<T> =>
    lanes.pass(request.op === "begin" || (request.op === "query" && request.tx === undefined), () => post<T>(request));
  // Drizzle's parsers keep these types' text as it is (see the comment at the top).
  const textTypes = (options?: QueryOptions) => Object.keys(options?.parsers ?? {}).map(Number);
  const query = <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    send<Results<T>>({ op: "query", sql, params, rowMode: options?.rowMode, textTypes: textTypes(options), tx });

  await ready;
  return {
    query,
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      // The id the begin request got when it was posted, not `nextId` now: a public request's
      // begin may wait for the public lane while other requests are posted.
      const id = await send<number>({ op: "begin" });
      let closed = false;
      const tx = {
        query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => query<R>(sql, params, options, id),
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        closed = true;
        await send({ op: "end", tx: id, commit: false });
        throw error;
      }
      closed = true;
      await send({ op: "end", tx: id, commit: true });
      return result;
    },
    async listen(channel, callback) {
      let callbacks = channels.get(channel);
      if (!callbacks) {
        callbacks = new Set();
        channels.set(channel, callbacks);
        await send({ op: "listen", channel });
      }
      callbacks.add(callback);
      return async () => {
        callbacks.delete(callback);
        if (callbacks.size === 0 && channels.get(channel) === callbacks) {
          channels.delete(channel);
          await send({ op: "unlisten", channel });
        }
      };
    },
    exec: (sql) => send({ op: "exec", sql }),
    dump: (args) => send<Uint8Array>({ op: "dump", args }),
    async close() {
      closing = true;
      await send({ op: "close" }).catch(() => {});
      await stopped;
    },
  };
}
