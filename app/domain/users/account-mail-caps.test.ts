// Issue 25 §3.1: account mail could be silenced. Five anonymous forgot-password
// requests used up an address's one daily cap, after which an administrator's
// "send reset link" (or invitation) answered that it mailed a link and sent
// nothing. Now each kind of mail has its own cap, counted where it is asked
// for, and whoever asked is told when a mail is not sent.
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { mailsTo, withBrokenOutbox } from "#tests/helpers/outbox";
import { createUser } from "#tests/helpers/users";
import { mailCapRule } from "./account-mail.server";
import { invite } from "./invitations.server";
import { requestPasswordReset, sendPasswordResetLink } from "./password-reset.server";

withTestDatabase();

let ipCount = 0;
const ip = () => `203.0.113.${++ipCount}`;
const resetMails = (email: string) => mailsTo(email).filter((mail) => mail.subject.startsWith("Reset")).length;

describe("account mail caps", () => {
  test("anonymous forgot-password requests cannot silence an administrator's reset link", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser();
    for (let i = 0; i < 8; i++) await requestPasswordReset({ email: user.email, ip: ip() });
    const before = resetMails(user.email);
    await sendPasswordResetLink(admin, user.id);
    expect(resetMails(user.email)).toBe(before + 1);
  });

  test("past its cap a forgot-password request is told so, alike for an address with and without an account; below it, every answer is a mail", async () => {
    const known = (await createUser()).email;
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = async (email: string) => {
      const list = [];
      for (let i = 0; i < 8; i++) list.push(await requestPasswordReset({ email, ip: ip() }));
      return list;
    };
    const forKnown = await answers(known);
    const forUnknown = await answers(unknown);
    expect(forKnown.map((answer) => answer.ok)).toEqual(forUnknown.map((answer) => answer.ok));
    const refused = forKnown.filter((answer) => !answer.ok);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of [...refused, ...forUnknown.filter((a) => !a.ok)]) {
      expect(answer).toMatchObject({ ok: false, status: 429 });
      expect(!answer.ok && answer.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    }
    expect(resetMails(known)).toBe(forKnown.filter((answer) => answer.ok).length);
  });

  test("an administrator is told when the reset link could not be mailed", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser();
    const outcome = await withBrokenOutbox(() => sendPasswordResetLink(admin, user.id));
    expect(outcome).toMatchObject({ ok: false, status: 503 });
    expect(resetMails(user.email)).toBe(0);
  });

  test("every invitation an administrator sends is mailed, or the administrator is told it was not", async () => {
    const admin = await createUser({ role: "admin" });
    const email = `invitee-${Date.now()}@example.com`;
    let refusals = 0;
    for (let i = 0; i < 12; i++) {
      const before = mailsTo(email).length;
      const outcome = (await invite(admin, { email, role: "staff" })) as unknown;
      const mailed = mailsTo(email).length === before + 1;
      const refused = typeof outcome === "object" && outcome !== null && (outcome as { ok: boolean }).ok === false;
      expect(mailed !== refused, `invitation ${i + 1}: mailed ${mailed}, refused ${refused}`).toBe(true);
      if (refused) refusals++;
    }
    // The cap for what administrators ask for is generous, but it exists.
    expect(refusals).toBeGreaterThan(0);
    const outcome = await withBrokenOutbox(() => invite(admin, { email: `other-${email}`, role: "staff" }));
    expect(outcome).toMatchObject({ ok: false, status: 503 });
  });
});

test("each kind of account mail has its own key per address, the address in any case", () => {
  const keys = (["confirmation", "password-reset", "address-change", "admin"] as const).map(
    (kind) => mailCapRule(kind, " Ann@Example.com ").key,
  );
  expect(new Set(keys).size).toBe(4);
  expect(mailCapRule("admin", "ann@example.com").key).toBe(keys[3]);
  expect(mailCapRule("password-reset", "a@b.c")).toMatchObject({ freeFailures: 3, forgetAfterMs: 24 * 60 * 60_000 });
});
