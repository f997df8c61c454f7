// The embedded database's queue: one query (or transaction) at a time, staff
// first, and the event loop gets a turn every few milliseconds. PGlite runs in
// this thread and its own queue hands over in microtasks, so under load the
// queries of every request in flight ran back to back for half a second at a
// time without the server reading a socket (measured: event-loop delay 450–650
// ms), and a staff request's queries waited behind all of them.
import { AsyncLocalStorage } from "node:async_hooks";

export type QueryPriority = "urgent" | "normal";

const priority = new AsyncLocalStorage<QueryPriority>();

/** Runs `fn` (a request's handling) with its queries served at this priority. */
export function withQueryPriority<T>(level: QueryPriority, fn: () => T): T {
  return priority.run(level, fn);
}

/**
 * How long queries may follow one another before the event loop gets a turn:
 * long enough that a flood of requests to refuse (read between two slices) does
 * not starve the ones admitted, short enough that none waits long to be read.
 */
export const QUERY_SLICE_MS = 30;
/** Urgent queries go first, but normal ones waiting get every fifth turn (a pending account is signed in too). */
const URGENT_IN_A_ROW = 4;

export interface QueryQueue {
  /** Runs `fn` once the queries ahead of it (by priority, then arrival) have finished. */
  run<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether a query is running, and how many wait (for metrics). */
  stats(): { busy: boolean; waiting: number };
}

export function createQueryQueue({ sliceMs = QUERY_SLICE_MS } = {}): QueryQueue {
  const waiting: Record<QueryPriority, Array<() => void>> = { urgent: [], normal: [] };
  let busy = false;
  let sliceStarted = 0;
  let urgentInARow = 0;

  const next = () => {
    const urgent = waiting.urgent.length > 0 && (urgentInARow < URGENT_IN_A_ROW || waiting.normal.length === 0);
    const start = urgent ? waiting.urgent.shift() : waiting.normal.shift();
    urgentInARow = urgent ? urgentInARow + 1 : 0;
    if (start) start();
    else busy = false;
  };
  // Within a slice the next query starts at once; after it, on the next turn of the event
  // loop, once the sockets have been read (so an urgent query that came meanwhile goes first).
  const handOver = () => {
    if (performance.now() - sliceStarted < sliceMs) return next();
    setImmediate(() => {
      sliceStarted = performance.now();
      next();
    });
  };

  return {
    async run(fn) {
      if (busy) await new Promise<void>((resolve) => waiting[priority.getStore() ?? "normal"].push(resolve));
      else {
        busy = true;
        sliceStarted = performance.now();
      }
      try {
        return await fn();
      } finally {
        handOver();
      }
    },
    stats: () => ({ busy, waiting: waiting.urgent.length + waiting.normal.length }),
  };
}
