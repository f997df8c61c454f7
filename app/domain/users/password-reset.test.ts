// Forgot password: the link lasts an hour and works once, the answer does not
// tell whether the address has an account, a new password ends every session.
import { eq, like } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailedToken, mailsTo } from "#tests/helpers/outbox";
import { createUser, request } from "#tests/helpers/users";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { requestPasswordReset, resetLinkIsValid, resetPassword, RESET_LINK_INVALID } from "./password-reset.server";
import { signIn } from "./users.server";

withTestDatabase();

const RESET_PATH = "/auth/reset-password";
let ipCount = 0;
const ip = () => `203.0.113.${++ipCount}`;

describe("forgot password", () => {
  test("an unknown address gets the same answer and no mail", async () => {
    const known = await createUser();
    const unknown = `nobody-${Date.now()}@example.com`;
    expect(await requestPasswordReset({ email: unknown, ip: ip() })).toEqual(
      await requestPasswordReset({ email: known.email, ip: ip() }),
    );
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailedToken(known.email, RESET_PATH)).toBeTruthy();
  });

  test("the link sets a new password once, and ends every session", async () => {
    const user = await createUser();
    const otherDevice = await signIn({ email: user.email, password: user.password, ip: ip() });
    expect(otherDevice.ok).toBe(true);
    await requestPasswordReset({ email: user.email, ip: ip() });
    const token = mailedToken(user.email, RESET_PATH)!;
    expect(await resetLinkIsValid(token)).toBe(true);

    expect(await resetPassword({ token, password: "fresh-swings-2026" })).toEqual({ ok: true });
    expect(await getUser(request("/admin", { user }))).toBeNull();
    expect(await resetLinkIsValid(token)).toBe(false);
    expect(await resetPassword({ token, password: "another-swing-2026" })).toMatchObject({
      ok: false,
      message: RESET_LINK_INVALID,
    });
    expect((await signIn({ email: user.email, password: user.password, ip: ip() })).ok).toBe(false);
    expect((await signIn({ email: user.email, password: "fresh-swings-2026", ip: ip() })).ok).toBe(true);

    const audit = await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, user.id));
    expect(audit.map((row) => row.action).sort()).toEqual(["password.reset", "password.reset-asked"]);
  });

  test("a link whose token holds a NUL character is refused, not a server error (PostgreSQL text cannot hold one)", async () => {
    for (const token of ["abc\u0000def", "\u0000"]) {
      expect(await resetLinkIsValid(token)).toBe(false);
      expect(await resetPassword({ token, password: "fresh-swings-2026" })).toMatchObject({
        ok: false,
        message: RESET_LINK_INVALID,
        status: 400,
      });
    }
  });

  test("a link older than an hour is refused", async () => {
    const user = await createUser();
    await requestPasswordReset({ email: user.email, ip: ip() });
    const token = mailedToken(user.email, RESET_PATH)!;
    const [row] = await db()
      .select()
      .from(schema.verification)
      .where(like(schema.verification.identifier, `reset-password:${token}`));
    // Issued for an hour, give or take the time the test took.
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    await db()
      .update(schema.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.verification.id, row!.id));
    expect(await resetLinkIsValid(token)).toBe(false);
    expect(await resetPassword({ token, password: "fresh-swings-2026" })).toMatchObject({ ok: false });
    expect((await signIn({ email: user.email, password: user.password, ip: ip() })).ok).toBe(true);
  });

  test("requests are limited per client address", async () => {
    const address = ip();
    for (let i = 0; i < 10; i++) {
      expect(await requestPasswordReset({ email: `x${i}@example.com`, ip: address })).toEqual({ ok: true });
    }
    expect(await requestPasswordReset({ email: "y@example.com", ip: address })).toMatchObject({
      ok: false,
      status: 429,
      message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes?$/),
    });
  });
});
