import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { getUser } from "~/.server/auth/access";
import { env } from "~/.server/env";
import { signIn, signUp, verifyEmail } from "./users.server";

// Read lazily by env(), so setting it here (before any test runs) is enough.
process.env.REQUIRE_EMAIL_VERIFICATION = "true";
process.env.STAFF_EMAIL_DOMAINS = "playgrounds.test";

withTestDatabase();

function lastMailTo(address: string) {
  const outbox = path.join(env().DATA_DIR, "outbox");
  const mails = fs
    .readdirSync(outbox)
    .sort()
    .map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(outbox, file), "utf8")) as { to: string; subject: string; text: string },
    );
  return mails.filter((mail) => mail.to === address).at(-1);
}

describe("with REQUIRE_EMAIL_VERIFICATION on", () => {
  test("sign-up mails a confirmation link and does not sign in; the link signs in and returns to the root", async () => {
    const outcome = await signUp({
      fullName: "Verifier",
      email: "verify@example.com",
      password: "long-enough-1",
      ip: "1.1.1.1",
    });
    expect(outcome).toMatchObject({ ok: true, needsVerification: true, setCookies: [] });

    const mail = lastMailTo("verify@example.com");
    expect(mail?.subject).toBe("Confirm your Playfolio account");
    const link = mail?.text.match(/http:\/\/localhost:3000\/auth\/verify-email\?token=\S+/)?.[0];
    expect(link).toBeTruthy();

    const before = await signIn({ email: "verify@example.com", password: "long-enough-1", ip: "1.1.1.2" });
    expect(before).toMatchObject({ ok: false, status: 403, message: "Email not verified" });

    const token = new URL(link!).searchParams.get("token")!;
    const verified = await verifyEmail(token);
    expect(verified.ok).toBe(true);
    const cookie = verified.setCookies.map((c) => c.split(";")[0]).join("; ");
    expect((await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.email).toBe(
      "verify@example.com",
    );

    const after = await signIn({ email: "verify@example.com", password: "long-enough-1", ip: "1.1.1.3" });
    expect(after.ok).toBe(true);
  });

  test("a forged or used-up token is refused", async () => {
    expect((await verifyEmail("not-a-token")).ok).toBe(false);
  });

  test("an email domain in STAFF_EMAIL_DOMAINS gets staff access at once", async () => {
    await signUp({ fullName: "First", email: "first@example.com", password: "long-enough-1", ip: "1.1.1.4" });
    await signUp({ fullName: "Builder", email: "builder@playgrounds.test", password: "long-enough-1", ip: "1.1.1.5" });
    await signUp({ fullName: "Visitor", email: "visitor@elsewhere.test", password: "long-enough-1", ip: "1.1.1.6" });
    const { listAccounts } = await import("./users.server");
    const roles = Object.fromEntries((await listAccounts()).map((a) => [a.email, a.role]));
    expect(roles["builder@playgrounds.test"]).toBe("staff");
    expect(roles["visitor@elsewhere.test"]).toBe("pending");
  });
});
