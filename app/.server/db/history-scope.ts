// Who is making the changes of this request or job, for the history the
// database writes (decision 0060). Each request runs in a scope (react-router.ts);
// the session lookup names its account; an import runs in a scope of its own
// with its batch. The database client stamps every transaction, and every
// write made outside one, with these values as transaction-local settings,
// which the history trigger reads: no domain function passes them along.
import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";

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
export const VISITOR: Actor = { id: null, name: "A visitor" };

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

/** The statement that stamps a transaction, or null outside any scope (the System). */
export function historyStampStatement(): { text: string; params: string[] } | null {
  const scope = scopes.getStore();
  if (!scope) return null;
  return {
    text:
      "select set_config('playfolio.actor_id', $1, true), set_config('playfolio.actor_name', $2, true), " +
      "set_config('playfolio.batch_id', $3, true)",
    params: [scope.actor.id ?? "", scope.actor.name, scope.batchId ?? ""],
  };
}

/** The same statement for Drizzle (a transaction's first). */
export function historyStampSql() {
  const stamp = historyStampStatement();
  if (!stamp) return null;
  const [id, name, batch] = stamp.params;
  return sql`select set_config('playfolio.actor_id', ${id}, true), set_config('playfolio.actor_name', ${name}, true), set_config('playfolio.batch_id', ${batch}, true)`;
}

/** A statement that may write (and so needs a stamp): anything but a plain read. */
export function mayWrite(text: string): boolean {
  if (/^\s*(insert|update|delete|merge)\b/i.test(text)) return true;
  return /^\s*with\b/i.test(text) && /\b(insert|update|delete)\b/i.test(text);
}
