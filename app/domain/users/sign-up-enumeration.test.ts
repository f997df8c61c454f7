// Finding 6 of issue 12: the sign-up form must not tell whether an address
// already has an account, with email verification off (this file) or on
// (email-verification.test.ts).
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { signUp } from "./users.server";

process.env.STAFF_EMAIL_DOMAINS = "acme.test";
process.env.REQUIRE_EMAIL_VERIFICATION = "false";

withTestDatabase();

const rows = async () => (await db().select().from(schema.user)).map((row) => JSON.stringify(row)).sort();

describe("signing up with an address that already has an account", () => {
  test.each([
    ["an address outside the staff domains", "example.com"],
    ["a staff-domain address", "acme.test"],
  ])("%s answers exactly as a new address does, and changes nothing", async (_label, domain) => {
    const existing = await createUser({ email: `taken-${Date.now()}@${domain}` });
    const fresh = await signUp({
      fullName: "New Person",
      email: `new-${Date.now()}@${domain}`,
      password: "a-good-password-1",
      ip: "198.51.100.1",
    });
    const before = await rows();
    const again = await signUp({
      fullName: "Someone Else",
      email: existing.email,
      password: "a-good-password-2",
      ip: "198.51.100.2",
    });
    expect(again).toEqual(fresh);
    expect(JSON.stringify(again)).not.toMatch(/exist/i);
    expect(await rows()).toEqual(before);
  });

  test("the owner of the address is told by mail instead", async () => {
    const existing = await createUser({ email: `owner-${Date.now()}@example.com` });
    await signUp({ fullName: "Impostor", email: existing.email, password: "a-good-password-3", ip: "198.51.100.3" });
    expect(mailsTo(existing.email).at(-1)?.subject).toBe("Someone tried to sign up with your address");
  });
});
