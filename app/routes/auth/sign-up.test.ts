// Issue 25 §2: with email verification off (the default, the spec's testing
// mode) a sign-up signs the new account in and lands on the site root, as the
// spec says; the first account is the administrator, later ones wait (or, on
// a staff domain, get a confirmation link that grants staff).
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { confirmationToken, mailsTo } from "#tests/helpers/outbox";
import { toastOf } from "#tests/helpers/toast";
import { cookieHeader, formRequest, request } from "#tests/helpers/users";
import { getUser, requireStaff } from "~/.server/auth/access";
import { clientIpContext } from "~/.server/http/request-context";
import { db, schema } from "~/.server/db";
import { verifyEmail } from "~/domain/users/users.server";
import { action } from "./auth";

// STAFF_EMAIL_DOMAINS=acme.test, REQUIRE_EMAIL_VERIFICATION=false: its project in vitest.config.ts (SETTINGS_TEST_FILES).

withTestDatabase();

const PASSWORD = "long-enough-1";
let lastIp = 0;

/** POST /auth as the Sign Up tab sends it, from an address of its own. */
async function signUpPost(fields: { fullName: string; email: string; redirectTo?: string }) {
  const req = formRequest("/auth", {
    intent: "sign-up",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    redirectTo: "/",
    ...fields,
  });
  const context = new RouterContextProvider();
  context.set(clientIpContext, `203.0.113.${++lastIp}`);
  try {
    return await action({ request: req, params: {}, context, url: new URL(req.url), pattern: "/auth" } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The session an answer's Set-Cookie headers carry, as the browser would send it back. */
async function signedInAs(answer: unknown) {
  const setCookies = answer instanceof Response ? answer.headers.getSetCookie() : [];
  return getUser(request("/", { headers: { Cookie: cookieHeader(setCookies) } }));
}

describe("sign-up with email verification off", () => {
  test("the first account signs up, is signed in as the administrator and lands on /", async () => {
    const answer = await signUpPost({ fullName: "First Person", email: "first@example.com" });
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);
    expect((answer as Response).headers.get("Location")).toBe("/");
    expect(await signedInAs(answer)).toMatchObject({ email: "first@example.com", role: "admin" });
  });

  test("a later account is signed in and waits for access: admin pages send it to /pending", async () => {
    const answer = (await signUpPost({ fullName: "Later Person", email: "later@example.com" })) as Response;
    expect(answer.headers.get("Location")).toBe("/");
    const cookie = cookieHeader(answer.headers.getSetCookie());
    expect(await signedInAs(answer)).toMatchObject({ email: "later@example.com", role: "pending" });
    const refused = await requireStaff(request("/admin", { headers: { Cookie: cookie } })).catch((e: unknown) => e);
    expect((refused as Response).headers.get("Location")).toBe("/pending");
    expect(mailsTo("later@example.com")).toEqual([]);
  });

  test("a staff-domain account is signed in (pending), told to check its mail, and the link grants staff", async () => {
    const answer = (await signUpPost({ fullName: "Builder", email: "builder@acme.test" })) as Response;
    expect(answer.headers.get("Location")).toBe("/");
    expect(await signedInAs(answer)).toMatchObject({ role: "pending" });
    expect(await toastOf({ headers: answer.headers })).toMatchObject({
      title: "Check your email",
      description: "We sent you a confirmation link. Please check your inbox.",
    });
    await verifyEmail(confirmationToken("builder@acme.test")!);
    expect(await signedInAs(answer)).toMatchObject({ role: "staff" });
  });

  test("redirectTo is followed when it stays on the site", async () => {
    const answer = (await signUpPost({
      fullName: "Returning",
      email: "returning@example.com",
      redirectTo: "/gallery",
    })) as Response;
    expect(answer.headers.get("Location")).toBe("/gallery");
    const offsite = (await signUpPost({
      fullName: "Offsite",
      email: "offsite@example.com",
      redirectTo: "//evil.example/",
    })) as Response;
    expect(offsite.headers.get("Location")).toBe("/");
  });

  test("an address that already has an account is refused with the spec's 'Sign up failed' and changes nothing (the testing mode's trade-off)", async () => {
    await signUpPost({ fullName: "Owner", email: "owner@example.com" });
    const before = (await db().select().from(schema.user)).map((row) => JSON.stringify(row)).sort();
    const answer = await signUpPost({ fullName: "Impostor", email: "owner@example.com" });
    expect(answer).not.toBeInstanceOf(Response);
    const refused = answer as unknown as { init: ResponseInit; data: { ok: boolean } };
    expect(refused.init.status).toBe(422);
    expect(refused.data.ok).toBe(false);
    expect(await toastOf(refused.init)).toMatchObject({ type: "error", title: "Sign up failed" });
    expect(new Headers(refused.init.headers).getSetCookie().some((c) => c.startsWith("playfolio."))).toBe(false);
    expect((await db().select().from(schema.user)).map((row) => JSON.stringify(row)).sort()).toEqual(before);
  });
});
