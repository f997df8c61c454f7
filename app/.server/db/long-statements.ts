// Work known to run statements longer than a page's (an import's writes of 500 rows) runs inside
// allowLongStatements(): the circuit breaker does not time them, so a busy but healthy PostgreSQL
// does not open it (decision 0090), and /healthz takes a slow ping for busy, not lost.
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
