// /pending with email verification off: a staff-domain account, signed in by
// its sign-up, asks for its confirmation link again from the waiting page
// (signing up again is refused now that a sign-up signs in, issue 25 §2).
import { RouterContextProvider } from "react-router";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { confirmationToken, mailsTo } from "#tests/helpers/outbox";
import { toastOf } from "#tests/helpers/toast";
import { createUser, formRequest, type TestUser } from "#tests/helpers/users";
import { listAccounts, verifyEmail } from "~/domain/users/users.server";
import { action } from "./pending";

// STAFF_EMAIL_DOMAINS=acme.test, REQUIRE_EMAIL_VERIFICATION=false: its project in vitest.config.ts (SETTINGS_TEST_FILES).

withTestDatabase();

async function post(user: TestUser, intent = "resend-confirmation") {
  const req = formRequest("/pending", { intent }, user);
  try {
    const answer = (await action({
      request: req,
      params: {},
      context: new RouterContextProvider(),
      url: new URL(req.url),
      pattern: "/pending",
    } as never)) as { data: unknown; init: ResponseInit | null };
    return { status: answer.init?.status ?? 200, toast: await toastOf(answer.init) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    throw thrown;
  }
}

describe("the waiting page's 'Send the link again'", () => {
  test("mails a fresh confirmation link to a staff-domain address, and following it grants staff", async () => {
    await createUser(); // the administrator
    const builder = await createUser({ email: "waiting@acme.test" });
    const before = mailsTo(builder.email).length;
    expect(await post(builder)).toMatchObject({
      status: 200,
      toast: { title: "Check your email", description: "We sent you a confirmation link. Please check your inbox." },
    });
    expect(mailsTo(builder.email)).toHaveLength(before + 1);
    await verifyEmail(confirmationToken(builder.email)!);
    expect((await listAccounts()).find((account) => account.email === builder.email)?.role).toBe("staff");
  });

  test("an account that waits for an administrator gets no link, and staff are sent to the admin", async () => {
    const visitor = await createUser({ email: "visitor@elsewhere.test" });
    expect(await post(visitor)).toMatchObject({ status: 400 });
    expect(mailsTo(visitor.email)).toEqual([]);
    const staff = await createUser({ role: "staff" });
    expect(await post(staff)).toEqual({ status: 302, location: "/admin" });
  });
});
