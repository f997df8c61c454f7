import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db } from "../db";
import { clearRateLimit, hitRateLimits, tooManyAttemptsMessage } from "./rate-limit";

withTestDatabase();

describe("rate limits", () => {
  test("allows up to the limit, then blocks with the time left", async () => {
    const rule = { key: "test:a", limit: 3, windowMs: 15 * 60_000 };
    for (let i = 0; i < 3; i++) expect((await hitRateLimits([rule])).allowed).toBe(true);
    const blocked = await hitRateLimits([rule]);
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterMs).toBeGreaterThan(14 * 60_000);
    expect(tooManyAttemptsMessage(blocked.retryAfterMs)).toBe("Too many attempts, try again in 15 minutes");
  });

  test("is blocked when any one of its rules is over", async () => {
    const tight = { key: "test:tight", limit: 1, windowMs: 60_000 };
    const loose = { key: "test:loose", limit: 100, windowMs: 60_000 };
    expect((await hitRateLimits([tight, loose])).allowed).toBe(true);
    expect((await hitRateLimits([tight, loose])).allowed).toBe(false);
  });

  test("starts a new window once the old one has passed", async () => {
    const rule = { key: "test:window", limit: 1, windowMs: 60_000 };
    await hitRateLimits([rule]);
    expect((await hitRateLimits([rule])).allowed).toBe(false);
    await db().execute(
      sql`update rate_limit set window_started_at = now() - interval '2 minutes' where key = 'test:window'`,
    );
    expect((await hitRateLimits([rule])).allowed).toBe(true);
  });

  test("clearing a key resets it", async () => {
    const rule = { key: "test:clear", limit: 1, windowMs: 60_000 };
    await hitRateLimits([rule]);
    await clearRateLimit("test:clear");
    expect((await hitRateLimits([rule])).allowed).toBe(true);
  });

  test("says minute for one minute", () => {
    expect(tooManyAttemptsMessage(30_000)).toBe("Too many attempts, try again in 1 minute");
  });
});
