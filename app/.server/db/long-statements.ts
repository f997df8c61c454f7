// Work with statements longer than a page's (an import) runs in allowLongStatements(): the breaker
// does not time them (decision 0090), and /healthz takes a slow ping for busy, not lost.
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
