// Issue 25 §2: with REQUIRE_EMAIL_VERIFICATION on, every sign-up — a new
// address, one that already has an account, confirmed or not, of a staff
// domain or not — gets the spec's 'Check your email' answer and nothing else
// (no session, no other wording), so the form cannot list accounts; the owner
// of an existing address hears of it by mail.
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailsTo, withBrokenOutbox } from "#tests/helpers/outbox";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest } from "#tests/helpers/users";
import { mailCapRule } from "~/domain/users/account-mail.server";
import { clearRateLimit } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { clientIpContext } from "~/.server/http/request-context";
import { action } from "./auth";

// REQUIRE_EMAIL_VERIFICATION=true, STAFF_EMAIL_DOMAINS=acme.test: its project in vitest.config.ts (SETTINGS_TEST_FILES).

withTestDatabase();

let lastIp = 0;

/** POST /auth as the Sign Up tab sends it; what the browser gets back, minus the per-answer cookie signature. */
async function signUpAnswer(email: string, password = "long-enough-1", fullName = "Some Person") {
  const req = formRequest("/auth", {
    intent: "sign-up",
    fullName,
    email,
    password,
    confirmPassword: password,
    redirectTo: "/",
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, `198.51.100.${++lastIp}`);
  const answer = (await action({
    request: req,
    params: {},
    context,
    url: new URL(req.url),
    pattern: "/auth",
  } as never)) as {
    data: unknown;
    init: ResponseInit;
  };
  const cookies = new Headers(answer.init.headers).getSetCookie().map((cookie) => cookie.split("=")[0]);
  const { id: _id, ...toast } = (await toastOf(answer.init)) ?? {};
  return { status: answer.init.status ?? 200, data: answer.data, cookies, toast };
}

const rows = async () => (await db().select().from(schema.user)).map((row) => JSON.stringify(row)).sort();

describe("sign-up with email verification on", () => {
  test.each([
    ["outside the staff domains", "example.com"],
    ["on a staff domain", "acme.test"],
  ])(
    "an address %s answers 'Check your email' whether new, unconfirmed or confirmed, and signs nobody in",
    async (_label, domain) => {
      const fresh = await signUpAnswer(`new-${domain}@${domain}`);
      expect(fresh).toEqual({
        status: 200,
        data: expect.objectContaining({ ok: true, checkEmail: true }),
        cookies: ["playfolio_toast"],
        toast: {
          type: "success",
          title: "Check your email",
          description: "We sent you a confirmation link. Please check your inbox.",
        },
      });
      // The same address again, still unconfirmed: the same answer (its owner gets a fresh link).
      expect(await signUpAnswer(`new-${domain}@${domain}`, "another-pass-2")).toEqual(fresh);
      // A confirmed account: the same answer, nothing changed, and its owner is told by mail.
      const owner = await createUser({ email: `owner-${domain}@${domain}`, verified: true });
      const before = await rows();
      expect(await signUpAnswer(owner.email, "another-pass-3")).toEqual(fresh);
      expect(await rows()).toEqual(before);
      expect(mailsTo(owner.email).at(-1)?.subject).toBe("Someone tried to sign up with your address");
    },
  );

  test("the confirmation mail carries nothing the visitor typed: anyone may sign up with anyone's address", async () => {
    // Else the sign-up form mails any inbox the company's message with words of a stranger's choosing.
    await signUpAnswer("target@example.com", "long-enough-1", "Claim your prize at evil.example");
    const [mail] = mailsTo("target@example.com");
    expect(mail?.text).toMatch(/^Hello,\n/);
    expect(JSON.stringify(mail)).not.toContain("evil.example");
  });

  test("when the mail cannot be sent, the visitor is told so, for a new and a taken address alike", async () => {
    const owner = await createUser({ email: "owner-broken@example.com", verified: true });
    const [fresh, taken] = await withBrokenOutbox(async () => [
      await signUpAnswer("fresh-broken@example.com"),
      await signUpAnswer(owner.email),
    ]);
    // The same answer, but for the address the visitor typed.
    expect(JSON.stringify(fresh).replaceAll("fresh-broken@", "owner-broken@")).toEqual(JSON.stringify(taken));
    expect(fresh).toMatchObject({ status: 503, toast: { type: "error", title: "Sign up failed" } });
    expect(JSON.stringify(fresh.toast)).toMatch(/could not be sent/);
  });

  test("a few sign-ups a day mail one address; past that the visitor is told to wait, for a new and a taken address alike", async () => {
    const owner = await createUser({ email: "owner-capped@example.com", verified: true });
    // The owner signed up long ago: that sign-up's mail counts no more.
    await clearRateLimit(mailCapRule("confirmation", owner.email).key);
    const statuses = async (email: string) => {
      const list = [];
      for (let i = 0; i < 7; i++) list.push((await signUpAnswer(email)).status);
      return list;
    };
    const forNew = await statuses("capped@example.com");
    expect(forNew).toEqual(await statuses(owner.email));
    expect(forNew.at(-1)).toBe(429);
    expect(mailsTo("capped@example.com")).toHaveLength(forNew.filter((status) => status === 200).length);
  });
});
