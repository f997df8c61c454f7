// Who makes the changes of this request or job, for the history the database writes (decisions
// 0060, 0105): a request's scope names its account once the session is known, an import's its batch.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { Tx } from "./client";

export interface Actor {
  /** The account (null: someone not signed in). */
  id: string | null;
  name: string;
}

interface HistoryScope {
  actor: Actor;
  batchId: string | null;
}

/** Whoever makes a change in a request without a session: a visitor sending an inquiry, say. */
const VISITOR: Actor = { id: null, name: "A visitor" };

const scopes = new AsyncLocalStorage<HistoryScope>();

/** Runs `fn` (a request) with the visitor as actor until the session says who it is. */
export function inRequestScope<T>(fn: () => T): T {
  return scopes.run({ actor: VISITOR, batchId: null }, fn);
}

/** The request's account, once its session is known; outside a scope (a script, a test) nothing changes. */
export function actAs(actor: Actor): void {
  const scope = scopes.getStore();
  if (scope) scope.actor = actor;
}

/** Runs `fn` as `actor`, its changes marked with `batchId` (an import) if given. */
export function withHistoryScope<T>(actor: Actor, fn: () => T, batchId: string | null = null): T {
  return scopes.run({ actor, batchId }, fn);
}

/** Names `tx`'s actor and batch in transaction-local settings the history trigger reads (else the
 *  System). Every domain transaction calls it first (history-scope.test.ts checks). */
export async function withActor(tx: Tx): Promise<void> {
  const scope = scopes.getStore();
  if (!scope) return;
  await tx.execute(
    sql`select set_config('playfolio.actor_id', ${scope.actor.id ?? ""}, true), set_config('playfolio.actor_name', ${scope.actor.name}, true), set_config('playfolio.batch_id', ${scope.batchId ?? ""}, true)`,
  );
}
