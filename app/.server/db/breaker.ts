// A circuit breaker in front of PostgreSQL (opossum): when the database stops
// answering, a page must not wait for it. A call to the database that gets no
// answer within DB_BREAKER_TIMEOUT_MS, or fails as "unavailable" (refused,
// dropped, timed out), opens the breaker; while it is open every call fails at
// once (the page answers its 503, or the render cache its last good copy), and
// every half second a `select 1` is let through as a trial: the first answer
// closes it again.
//
// Only the calls of pages and actions go through it (the Drizzle client's pool), and
// a job's long statements only while it is open (long-statements.ts);
// migrations, backups and the content-version watch use the pool as it is.
import CircuitBreaker from "opossum";
import type pg from "pg";
import { longStatementsAllowed } from "./long-statements";
import { isDatabaseUnavailable } from "./unavailable";

export interface DatabaseBreaker {
  /** The pool as Drizzle should see it: its queries and connections pass the breaker. */
  pool: pg.Pool;
  /** Resolves when a trivial query answers through the breaker (rejects at once while it is open). */
  ping(): Promise<void>;
  isOpen(): boolean;
  /** Called when the breaker closes again: the database answered. */
  onClose(listener: () => void): void;
  shutdown(): void;
}

/** How long an open breaker waits before its trial query. */
const TRIAL_AFTER_MS = 500;

export function guardWithBreaker(pool: pg.Pool, timeoutMs: number): DatabaseBreaker {
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    timeout: timeoutMs,
    resetTimeout: TRIAL_AFTER_MS,
    // Open at the first failure that says the database is not there; any other
    // error (a constraint, a syntax error) is the caller's, and says nothing.
    errorThresholdPercentage: 0,
    volumeThreshold: 0,
    errorFilter: (error: unknown) => !isDatabaseUnavailable(error),
  });
  const fire = <T>(call: () => Promise<T>): Promise<T> => {
    if (!longStatementsAllowed()) return breaker.fire(call) as Promise<T>;
    // A job's long statement (long-statements.ts): refused while the breaker is open, never
    // timed by it; a failure saying the database is gone opens it as a page's would.
    if (breaker.opened) return breaker.fire(call) as Promise<T>;
    return call().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) breaker.open();
      throw error;
    });
  };
  const selectOne = () => fire(() => pool.query("select 1")).then(() => undefined);
  // The trial is this cheap query, never a visitor's request (which would wait for it).
  breaker.on("halfOpen", () => void selectOne().catch(() => {}));

  // Drizzle tells a pool from a client by its class name; transactions run on a
  // connection of their own, each of whose statements passes the breaker too.
  class BreakerPool {
    query(...args: Parameters<pg.Pool["query"]>) {
      return fire(() => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args));
    }
    async connect() {
      let connecting: Promise<pg.PoolClient> | undefined;
      const client = await fire(() => (connecting = pool.connect())).catch((error: unknown) => {
        // Given up on while a connection was being opened: when it still comes, nobody would
        // release it, and a pool whose connections leak this way never closes (shutdown hung).
        void connecting?.then(
          (late) => late.release(true),
          () => {},
        );
        throw error;
      });
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
      let released = false;
      const release = (error?: Error | boolean) => {
        if (released) return;
        released = true;
        client.release(error);
      };
      return Object.assign(Object.create(client) as pg.PoolClient, {
        query: (...args: unknown[]) =>
          fire(() => query(...args)).catch((error: unknown) => {
            // Its statement may still be waiting on the server: the connection is given up (not
            // reused) at once, as Drizzle releases nothing when a transaction's `begin` fails.
            if (isDatabaseUnavailable(error)) release(true);
            throw error;
          }),
        release,
      });
    }
  }

  return {
    pool: new BreakerPool() as unknown as pg.Pool,
    ping: selectOne,
    isOpen: () => breaker.opened,
    onClose: (listener) => void breaker.on("close", listener),
    shutdown: () => breaker.shutdown(),
  };
}
