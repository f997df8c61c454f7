// Counts the database round trips of each request (through Drizzle's query
// logger), so pages can be held to a budget and the count reported in a
// Server-Timing header.
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
