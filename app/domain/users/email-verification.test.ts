import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { confirmationToken, mailsTo } from "#tests/helpers/outbox";
import { cookieHeader } from "#tests/helpers/users";
import { eq } from "drizzle-orm";
import { getUser } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { listAccounts, signIn, signUp, verifyEmail } from "./users.server";

// REQUIRE_EMAIL_VERIFICATION=true, STAFF_EMAIL_DOMAINS=acme.test: its project in vitest.config.ts (SETTINGS_TEST_FILES).

withTestDatabase();

const PASSWORD = "long-enough-1";

async function account(email: string) {
  return (await listAccounts()).find((a) => a.email === email);
}

describe("with REQUIRE_EMAIL_VERIFICATION on", () => {
  test("sign-up mails a confirmation link and does not sign in; the link signs in and returns to the root", async () => {
    const outcome = await signUp({
      fullName: "Verifier",
      email: "verify@example.com",
      password: PASSWORD,
      ip: "1.1.1.1",
    });
    expect(outcome).toEqual({ ok: true, setCookies: [], checkEmail: true });

    const mail = mailsTo("verify@example.com").at(-1);
    expect(mail?.subject).toBe("Confirm your Project Library account");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/auth\/verify-email\?token=\S+/);

    const before = await signIn({ email: "verify@example.com", password: PASSWORD, ip: "1.1.1.2" });
    expect(before).toMatchObject({ ok: false, status: 403, message: "Email not verified" });

    const verified = await verifyEmail(confirmationToken("verify@example.com")!);
    expect(verified.ok).toBe(true);
    const cookie = cookieHeader(verified.setCookies);
    expect((await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.email).toBe(
      "verify@example.com",
    );

    const after = await signIn({ email: "verify@example.com", password: PASSWORD, ip: "1.1.1.3" });
    expect(after.ok).toBe(true);
  });

  test("the link never signs in past a second factor: with two-factor on, its session is ended and the person signs in", async () => {
    await signUp({ fullName: "Guarded", email: "guarded@example.com", password: PASSWORD, ip: "1.1.1.7" });
    // Two-factor turned on before the link was followed (e.g. an admin let the account in meanwhile).
    await db().update(schema.user).set({ twoFactorEnabled: true }).where(eq(schema.user.email, "guarded@example.com"));

    const verified = await verifyEmail(confirmationToken("guarded@example.com")!);
    expect(verified).toEqual({ ok: true, setCookies: [], changedTo: undefined, signInAgain: true });
    const [user] = await db().select().from(schema.user).where(eq(schema.user.email, "guarded@example.com"));
    expect(user?.emailVerified).toBe(true);
    expect(await db().select().from(schema.session).where(eq(schema.session.userId, user!.id))).toEqual([]);
  });

  test("a forged or used-up token is refused", async () => {
    expect((await verifyEmail("not-a-token")).ok).toBe(false);
  });

  test("a staff-domain address becomes staff when verified; another address still waits for an admin", async () => {
    await signUp({ fullName: "Builder", email: "builder@acme.test", password: PASSWORD, ip: "1.1.1.5" });
    await signUp({ fullName: "Visitor", email: "visitor@elsewhere.test", password: PASSWORD, ip: "1.1.1.6" });
    expect(await account("builder@acme.test")).toMatchObject({ role: "pending", emailVerified: false });
    await verifyEmail(confirmationToken("builder@acme.test")!);
    await verifyEmail(confirmationToken("visitor@elsewhere.test")!);
    expect(await account("builder@acme.test")).toMatchObject({ role: "staff", emailVerified: true });
    expect(await account("visitor@elsewhere.test")).toMatchObject({ role: "pending", emailVerified: true });
  });

  test("an address that already has an account gets the new-account answer; its owner gets the mail", async () => {
    const fresh = await signUp({ fullName: "Fresh", email: "fresh@example.com", password: PASSWORD, ip: "1.1.1.7" });
    // Unconfirmed: a new link (the old one may have expired).
    const again = await signUp({
      fullName: "Again",
      email: "fresh@example.com",
      password: "other-pass-1",
      ip: "1.1.1.8",
    });
    expect(again).toEqual(fresh);
    expect(mailsTo("fresh@example.com").map((mail) => mail.subject)).toEqual([
      "Confirm your Project Library account",
      "Confirm your Project Library account",
    ]);
    // Confirmed: a note that someone tried.
    await verifyEmail(confirmationToken("fresh@example.com")!);
    const third = await signUp({
      fullName: "Third",
      email: "fresh@example.com",
      password: "other-pass-2",
      ip: "1.1.1.9",
    });
    expect(third).toEqual(fresh);
    expect(mailsTo("fresh@example.com").at(-1)?.subject).toBe("Someone tried to sign up with your address");
    // And the password is still the owner's.
    expect((await signIn({ email: "fresh@example.com", password: PASSWORD, ip: "1.1.1.10" })).ok).toBe(true);
  });
});
