// Finding 1 of issue 12: with STAFF_EMAIL_DOMAINS set and email verification
// off, an address of that domain gets staff access only once its owner has
// followed the link mailed to it.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { confirmationToken, mailsTo } from "#tests/helpers/outbox";
import { cookieHeader, createUser, request } from "#tests/helpers/users";
import { getUser, requireStaff } from "~/.server/auth/access";
import { listAccounts, signUp, verifyEmail } from "./users.server";

// STAFF_EMAIL_DOMAINS=acme.test, REQUIRE_EMAIL_VERIFICATION=false: its project in vitest.config.ts (SETTINGS_TEST_FILES).

withTestDatabase();

const PASSWORD = "long-enough-1";

async function roleOf(email: string) {
  return (await listAccounts()).find((account) => account.email === email);
}

describe("a staff domain with email verification off", () => {
  test("the address is pending until the mailed link is followed, then staff", async () => {
    await createUser(); // the first account is the administrator
    const email = "someone@acme.test";
    const outcome = await signUp({ fullName: "Some One", email, password: PASSWORD, ip: "203.0.113.1" });
    expect(outcome).toMatchObject({ ok: true, checkEmail: true });
    expect(await roleOf(email)).toMatchObject({ role: "pending", emailVerified: false });

    // Signed in by the sign-up, but the account waits: no contracts, no admin pages.
    const cookie = cookieHeader(outcome.ok ? outcome.setCookies : []);
    const thrown = await requireStaff(request("/admin/contracts", { headers: { Cookie: cookie } })).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/pending");

    const token = confirmationToken(email);
    expect(token).toBeTruthy();
    const verified = await verifyEmail(token!);
    expect(verified.ok).toBe(true);
    expect(await roleOf(email)).toMatchObject({ role: "staff", emailVerified: true });
    expect((await getUser(request("/admin", { headers: { Cookie: cookie } })))?.role).toBe("staff");
  });

  test("an address outside the staff domains gets no link and stays pending", async () => {
    const email = "visitor@elsewhere.test";
    const outcome = await signUp({ fullName: "Visitor", email, password: PASSWORD, ip: "203.0.113.2" });
    expect(outcome).toMatchObject({ ok: true, checkEmail: false });
    expect(mailsTo(email)).toEqual([]);
    expect(await roleOf(email)).toMatchObject({ role: "pending" });
  });

  test("an administrator who revoked a verified staff address keeps it revoked", async () => {
    const email = "former@acme.test";
    await signUp({ fullName: "Former", email, password: PASSWORD, ip: "203.0.113.3" });
    const token = confirmationToken(email)!;
    await verifyEmail(token);
    expect(await roleOf(email)).toMatchObject({ role: "staff" });
    const { db, schema } = await import("~/.server/db");
    const { eq } = await import("drizzle-orm");
    await db().update(schema.user).set({ role: "pending" }).where(eq(schema.user.email, email));
    // The same link again grants nothing.
    await verifyEmail(token);
    expect(await roleOf(email)).toMatchObject({ role: "pending" });
  });
});
