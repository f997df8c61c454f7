import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db } from "../db";
import { type BackoffRule, clearRateLimit, forgiveAttempt, takeAttempt, tooManyAttemptsMessage } from "./rate-limit";

withTestDatabase();

const MINUTE = 60_000;
const rule = (key: string, freeFailures = 3): BackoffRule => ({
  key,
  freeFailures,
  baseDelayMs: MINUTE,
  maxDelayMs: 15 * MINUTE,
  forgetAfterMs: 60 * MINUTE,
});

/** As if the key's wait had passed. */
async function waitOver(key: string) {
  await db().execute(sql`update rate_limit set blocked_until = now() - interval '1 second' where key = ${key}`);
}

describe("rate limits with back-off", () => {
  test("allows the free failures, then makes the next attempt wait", async () => {
    const limit = rule("test:a");
    for (let i = 0; i < 3; i++) expect((await takeAttempt([limit])).allowed).toBe(true);
    const blocked = await takeAttempt([limit]);
    expect(blocked).toMatchObject({ allowed: false });
    expect(!blocked.allowed && blocked.retryAfterMs).toBeGreaterThan(59_000);
    expect(tooManyAttemptsMessage(!blocked.allowed ? blocked.retryAfterMs : 0)).toBe(
      "Too many attempts, try again in 1 minute",
    );
  });

  test("each failure after the free ones doubles the wait, up to the ceiling", async () => {
    const limit = rule("test:double", 1);
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      expect((await takeAttempt([limit])).allowed).toBe(true);
      const refused = await takeAttempt([limit]);
      waits.push(refused.allowed ? 0 : refused.retryAfterMs);
      await waitOver(limit.key);
    }
    expect(waits.map((ms) => Math.round(ms / MINUTE))).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  test("a refused attempt is not counted", async () => {
    const limit = rule("test:refused", 1);
    await takeAttempt([limit]);
    for (let i = 0; i < 5; i++) expect((await takeAttempt([limit])).allowed).toBe(false);
    const [row] = (await db().execute<{ count: number }>(sql`select count from rate_limit where key = 'test:refused'`))
      .rows;
    expect(Number(row!.count)).toBe(1);
  });

  test("is refused when any one of its rules waits, and the others do not count it", async () => {
    const tight = rule("test:tight", 1);
    const loose = rule("test:loose", 100);
    expect((await takeAttempt([loose, tight])).allowed).toBe(true);
    expect((await takeAttempt([loose, tight])).allowed).toBe(false);
    const [row] = (await db().execute<{ count: number }>(sql`select count from rate_limit where key = 'test:loose'`))
      .rows;
    expect(Number(row!.count)).toBe(1);
  });

  test("forgets a run of failures once it is old enough", async () => {
    const limit = rule("test:forget", 1);
    await takeAttempt([limit]);
    expect((await takeAttempt([limit])).allowed).toBe(false);
    await db().execute(
      sql`update rate_limit set window_started_at = now() - interval '2 hours', blocked_until = null where key = 'test:forget'`,
    );
    expect((await takeAttempt([limit])).allowed).toBe(true);
  });

  test("forgiving an attempt takes it back; clearing a key resets it", async () => {
    const limit = rule("test:forgive", 2);
    await takeAttempt([limit]);
    await takeAttempt([limit]);
    await forgiveAttempt(limit);
    expect((await takeAttempt([limit])).allowed).toBe(true);
    expect((await takeAttempt([limit])).allowed).toBe(false);
    await clearRateLimit(limit.key);
    expect((await takeAttempt([limit])).allowed).toBe(true);
  });

  test("says minutes for longer waits", () => {
    expect(tooManyAttemptsMessage(30_000)).toBe("Too many attempts, try again in 1 minute");
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe("Too many attempts, try again in 15 minutes");
  });
});

// Why these limits are ours (decision 0016): better-auth's own limiter runs in its HTTP handler,
// which this app does not mount (decision 0002), so the auth.api calls our routes make pass it by.
test("better-auth's own rate limit never sees the auth.api calls the app makes", async () => {
  const { betterAuth } = await import("better-auth");
  const { memoryAdapter } = await import("better-auth/adapters/memory");
  const instance = betterAuth({
    baseURL: "http://127.0.0.1",
    secret: "a-test-secret-of-at-least-32-characters",
    database: memoryAdapter({ user: [], session: [], account: [], verification: [] }),
    emailAndPassword: { enabled: true },
    rateLimit: { enabled: true, window: 60, max: 2, storage: "memory" },
  });
  const wrong = { email: "nobody@example.com", password: "wrong-password" };
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    statuses.push(
      await instance.api.signInEmail({ body: wrong, headers: new Headers({ "x-forwarded-for": "192.0.2.1" }) }).then(
        () => 200,
        (error: { statusCode: number }) => error.statusCode,
      ),
    );
  }
  expect(statuses).toEqual([401, 401, 401, 401]);
  // Through the handler, the same limiter answers 429 once the window's two are spent.
  const viaHandler: number[] = [];
  for (let i = 0; i < 4; i++) {
    const response = await instance.handler(
      new Request("http://127.0.0.1/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "192.0.2.1" },
        body: JSON.stringify(wrong),
      }),
    );
    viaHandler.push(response.status);
  }
  expect(viaHandler).toContain(429);
});
