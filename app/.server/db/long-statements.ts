// Work known to run statements longer than a page's (an import's set-based writes of 500 rows)
// runs inside allowLongStatements(): on PostgreSQL the circuit breaker does not time those
// statements against its page limit (DB_BREAKER_TIMEOUT_MS), so a busy but healthy database
// does not open it and fail everyone's pages. They still fail at once while it is open, and a
// failure that says the database is gone still opens it. Decision 0090. While any such work
// runs, /healthz takes a slow ping for a busy database, not a lost one (http/health.ts).
import { AsyncLocalStorage } from "node:async_hooks";

const long = new AsyncLocalStorage<true>();

let running = 0;

export async function allowLongStatements<T>(fn: () => Promise<T>): Promise<T> {
  running++;
  try {
    return await long.run(true, fn);
  } finally {
    running--;
  }
}

/** Whether work of this kind runs now, in this process. */
export function longStatementsRunning(): boolean {
  return running > 0;
}

export function longStatementsAllowed(): boolean {
  return long.getStore() === true;
}
