// The embedded database in its own thread. PGlite is PostgreSQL compiled to
// WebAssembly: every statement runs synchronously in the thread that owns it.
// In the server's thread, a flood of uncached requests made their queries run
// back to back, for hundreds of milliseconds at a time, while no socket was
// read: even a 503 from admission control waited behind them (decision 0027).
// Here the statements run in a worker thread; the server's thread only posts
// them and reads answers, so it keeps accepting, rejecting and rendering.
//
// The client below offers the part of PGlite's interface the app uses (query,
// transaction, listen, close) and that Drizzle's PGlite driver calls. Drizzle
// passes result parsers as functions, which cannot cross threads; the ones it
// passes keep a column's text as it is, so only their type ids are sent.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** What the app needs of an embedded database client (PGlite itself has it too). */
export interface EmbeddedClient {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Request =
  | { op: "query"; sql: string; params: unknown[]; rowMode?: "array" | "object"; textTypes: number[]; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
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
    begin: (request, id) =>
      new Promise((started, failed) => {
        db.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { tx, commit, rollback });
              started();
            }),
        )
          .then(() => transactions.get(id).done(null), (error) => {
            const entry = transactions.get(id);
            if (entry && entry.done) entry.done(error);
            else failed(error);
          })
          .finally(() => transactions.delete(id));
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
    close: () => db.close(),
  };
  parentPort.on("message", ({ id, request }) => {
    Promise.resolve()
      .then(() => handlers[request.op](request, id))
      .then(
        (value) => {
          parentPort.postMessage({ id, ok: true, value: request.op === "query" ? value : undefined });
          if (request.op === "close") parentPort.close();
        },
        (error) => parentPort.postMessage({ id, ok: false, error: errorFields(error) }),
      );
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
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")).href;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pglite, dataDir: options.dataDir, startParams: options.startParams },
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

  const send = <T>(request: Request): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(exited);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request });
    });
  // Drizzle's parsers keep these types' text as it is (see the comment at the top).
  const textTypes = (options?: QueryOptions) => Object.keys(options?.parsers ?? {}).map(Number);
  const query = <T>(sql: string, params: unknown[] = [], options?: QueryOptions, tx?: number) =>
    send<Results<T>>({ op: "query", sql, params, rowMode: options?.rowMode, textTypes: textTypes(options), tx });

  await ready;
  return {
    query,
    async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
      const id = nextId;
      await send({ op: "begin" });
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
    async close() {
      closing = true;
      await send({ op: "close" }).catch(() => {});
      await stopped;
    },
  };
}
