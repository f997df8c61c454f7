// Attempts per key in a fixed window, counted in the database so the limit
// holds across processes and restarts.
import { sql } from "drizzle-orm";
import { db } from "../db";

export interface RateLimitRule {
  key: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitVerdict {
  allowed: boolean;
  /** When blocked: how long until the window ends. */
  retryAfterMs: number;
}

/** Counts one attempt against every rule; blocked when any rule is over its limit. */
export async function hitRateLimits(rules: RateLimitRule[]): Promise<RateLimitVerdict> {
  let retryAfterMs = 0;
  for (const rule of rules) {
    const seconds = rule.windowMs / 1000;
    const result = await db().execute<{ count: number; ends_in_ms: number }>(sql`
      insert into rate_limit (key, count, window_started_at) values (${rule.key}, 1, now())
      on conflict (key) do update set
        count = case when rate_limit.window_started_at <= now() - make_interval(secs => ${seconds})
                then 1 else rate_limit.count + 1 end,
        window_started_at = case when rate_limit.window_started_at <= now() - make_interval(secs => ${seconds})
                then now() else rate_limit.window_started_at end
      returning count,
        (extract(epoch from (window_started_at + make_interval(secs => ${seconds}) - now())) * 1000)::int as ends_in_ms`);
    const row = result.rows[0]!;
    if (Number(row.count) > rule.limit) retryAfterMs = Math.max(retryAfterMs, Number(row.ends_in_ms));
  }
  if (Math.random() < 0.01) {
    await db().execute(sql`delete from rate_limit where window_started_at < now() - interval '1 day'`);
  }
  return { allowed: retryAfterMs === 0, retryAfterMs };
}

export async function clearRateLimit(key: string): Promise<void> {
  await db().execute(sql`delete from rate_limit where key = ${key}`);
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}
