// Failures per key with a progressive back-off, counted in the database so limits hold across processes
// (decision 0016): no hard lock, and keys are the client's address, so nobody can lock out somebody else.
import { type SQL, sql } from "drizzle-orm";
import { db } from "../db";

export interface BackoffRule {
  key: string;
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The first wait; every further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A run of failures is forgotten this long after it started. */
  forgetAfterMs: number;
}

export type AttemptVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

const seconds = (ms: number) => ms / 1000;

/** The wait after `count` failures, as SQL (null while failures are still free). */
function blockedUntil(count: SQL, rule: BackoffRule) {
  return sql`case when ${count} >= ${rule.freeFailures}
    then now() + least(
      make_interval(secs => ${seconds(rule.baseDelayMs)} * power(2, ${count} - ${rule.freeFailures})),
      make_interval(secs => ${seconds(rule.maxDelayMs)}))
    else null end`;
}

/** Takes one attempt against every rule: counted as a failure on every key (until forgiven), or refused
 *  while any key waits; one statement per key, so simultaneous attempts cannot all pass one check. */
export async function takeAttempt(rules: BackoffRule[]): Promise<AttemptVerdict> {
  for (const [index, rule] of rules.entries()) {
    const forgotten = sql`rate_limit.window_started_at <= now() - make_interval(secs => ${seconds(rule.forgetAfterMs)})`;
    const count = sql`(case when ${forgotten} then 1 else rate_limit.count + 1 end)`;
    const taken = await db().execute(sql`
      insert into rate_limit (key, count, window_started_at, blocked_until)
      values (${rule.key}, 1, now(), ${blockedUntil(sql`1`, rule)})
      on conflict (key) do update set
        count = ${count},
        window_started_at = case when ${forgotten} then now() else rate_limit.window_started_at end,
        blocked_until = ${blockedUntil(count, rule)}
      where rate_limit.blocked_until is null or rate_limit.blocked_until <= now()
      returning key`);
    if (taken.rows.length === 0) {
      // This key is waiting: the attempt is not made, so the keys before it did not see it either.
      for (const earlier of rules.slice(0, index)) await forgiveAttempt(earlier);
      const waiting = await db().execute<{ ms: number }>(sql`
        select ceil(extract(epoch from (blocked_until - now())) * 1000)::int as ms from rate_limit where key = ${rule.key}`);
      return { allowed: false, retryAfterMs: Math.max(1, Number(waiting.rows[0]?.ms ?? 1)) };
    }
  }
  if (Math.random() < 0.01) {
    await db().execute(
      sql`delete from rate_limit where window_started_at < now() - interval '1 day' and coalesce(blocked_until, now()) <= now()`,
    );
  }
  return { allowed: true };
}

export async function forgiveAttempt(rule: BackoffRule): Promise<void> {
  await db().execute(sql`
    update rate_limit set
      count = greatest(count - 1, 0),
      blocked_until = case when count - 1 < ${rule.freeFailures} then null else blocked_until end
    where key = ${rule.key}`);
}

export async function clearRateLimit(key: string): Promise<void> {
  await db().execute(sql`delete from rate_limit where key = ${key}`);
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
