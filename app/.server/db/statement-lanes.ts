// The embedded database runs one statement at a time, in the order asked. Under a flood of
// uncached public pages (searches) a staff page's statements queued behind every public one
// already asked: staff p99 1.4 s through Caddy (issue 27's overload probe). So the statements of
// requests admitted to the public pool pass a gate — one at a time in the database's thread —
// while staff statements, and work outside any request, go straight in and wait behind at most
// that one. PostgreSQL needs none: its pool runs
// statements side by side. See docs/decisions/0072-staff-statements-first.md.
import { AsyncLocalStorage } from "node:async_hooks";
import pLimit from "p-limit";

export type AdmissionPool = "public" | "staff";

const pools = new AsyncLocalStorage<AdmissionPool>();

/** Runs a request's handling as part of the pool admission control admitted it to. */
export function inAdmissionPool<T>(pool: AdmissionPool, fn: () => T): T {
  return pools.run(pool, fn);
}

/**
 * Public statements in the database's thread at once. One: with two (one running, one ready) a
 * staff page's statements each waited behind two searches, and its p99 was 0.9–1.06 s in the
 * overload probe; with one, 0.68–0.82 s, for about 30 % fewer uncached searches answered (the
 * rest get fast 503s). Decision 0072.
 */
const PUBLIC_AT_ONCE = 1;

/** A gate for `send`: whether the current statement must pass it, and a way through. */
export function publicStatementGate() {
  const publicLimit = pLimit(PUBLIC_AT_ONCE);
  return {
    pass<T>(gated: boolean, send: () => Promise<T>): Promise<T> {
      if (!gated || pools.getStore() !== "public") return send();
      return publicLimit(send);
    },
  };
}
