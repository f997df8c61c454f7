// Counts each request's database round trips (Drizzle's query logger), for the pages' budgets and
// the Server-Timing header.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

const requests = new AsyncLocalStorage<{ queries: number }>();

export const queryCountingLogger: Logger = {
  logQuery() {
    const store = requests.getStore();
    if (store) store.queries++;
  },
};

/** Runs `fn` (a request's handling) with its own query counter. */
export function withQueryCount<T>(fn: () => T): T {
  return requests.run({ queries: 0 }, fn);
}

/** Queries made so far by the current request, or undefined outside one. */
export function queryCount(): number | undefined {
  return requests.getStore()?.queries;
}
