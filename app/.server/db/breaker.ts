// A circuit breaker (opossum, decision 0041) so a page never waits for a PostgreSQL that stopped answering: a call
// unanswered within DB_BREAKER_TIMEOUT_MS, or "unavailable", opens it; while open calls fail at once
// and a `select 1` every half second is the trial. Only the Drizzle client's pool passes it.
import CircuitBreaker from "opossum";
import type pg from "pg";
import { longStatementsAllowed } from "./long-statements";
import { isDatabaseUnavailable } from "./unavailable";

export function guardWithBreaker(pool: pg.Pool, timeoutMs: number) {
  const breaker = new CircuitBreaker((call: () => Promise<unknown>) => call(), {
    timeout: timeoutMs,
    resetTimeout: 500,
    // Open at the first failure saying the database is not there; any other error is the caller's.
    errorThresholdPercentage: 0,
    volumeThreshold: 0,
    errorFilter: (error: unknown) => !isDatabaseUnavailable(error),
  });
  const fire = <T>(call: () => Promise<T>): Promise<T> => {
    if (!longStatementsAllowed()) return breaker.fire(call) as Promise<T>;
    // A job's long statement (long-statements.ts): refused while open, never timed; "gone" opens it.
    if (breaker.opened) return breaker.fire(call) as Promise<T>;
    return call().catch((error: unknown) => {
      if (isDatabaseUnavailable(error)) breaker.open();
      throw error;
    });
  };
  const selectOne = () => fire(() => pool.query("select 1")).then(() => undefined);
  // The trial is this cheap query, never a visitor's request (which would wait for it).
  breaker.on("halfOpen", () => void selectOne().catch(() => {}));

  // Drizzle tells a pool from a client by its class name; a transaction's statements pass too.
  class BreakerPool {
    query(...args: Parameters<pg.Pool["query"]>) {
      return fire(() => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args));
    }
    async connect() {
      let connecting: Promise<pg.PoolClient> | undefined;
      const client = await fire(() => (connecting = pool.connect())).catch((error: unknown) => {
        // Given up while connecting: a late connection nobody releases leaks, and then the pool never closes.
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
    /** The pool as Drizzle sees it: its queries and connections pass the breaker. */
    pool: new BreakerPool() as unknown as pg.Pool,
    /** Rejects at once while the breaker is open. */
    ping: selectOne,
    onClose: (listener: () => void) => void breaker.on("close", listener),
    shutdown: () => breaker.shutdown(),
  };
}
