import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, test, vi } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { codesMailedTo, nextCode } from "#tests/helpers/portal";
import { createUser } from "#tests/helpers/users";
import { auth } from "~/.server/auth";
import { db, schema } from "~/.server/db";
import { queryCount, withQueryCount } from "~/.server/db/query-count";
import { invitePortalContact } from "../contacts/portal-access.server";
import { CODE_MESSAGES, codesMade, requestPortalCode, signInWithPortalCode } from "./sign-in.server";
import { portalEmailSchema, PORTAL_SIGN_IN_MESSAGES } from "./schema";

withTestDatabase();

let n = 0;
async function portalContact() {
  n += 1;
  const client = await makeClient();
  const contact = await makeContact({ clientId: client.id, email: `client${n}@example.test` });
  await invitePortalContact(contact.id, null);
  return contact.email!;
}
const ip = () => `192.0.2.${++n}`;

/** Asks for a code for `email` as a browser does: the id of the request, which the browser keeps. */
async function ask(email: string, from = ip()): Promise<string> {
  const asked = await requestPortalCode({ email, ip: from });
  if (!asked.ok) throw new Error(asked.message);
  return asked.attempt;
}

/** Whether the code of each request is stored yet (it is made after the answer). */
async function codesStored(attempts: string[]): Promise<boolean[]> {
  const rows = await db().select({ identifier: schema.verification.identifier }).from(schema.verification);
  return attempts.map((attempt) => rows.some((row) => row.identifier === `portal-code-${attempt}`));
}

describe("portal sign-in", () => {
  test("the code is made after the answer, and codesMade() resolves once it is stored", async () => {
    const attempt = await ask(await portalContact());
    expect(await codesStored([attempt])).toEqual([false]);
    await codesMade();
    expect(await codesStored([attempt])).toEqual([true]);
  });

  test("an empty address gets the spec's message", () => {
    const result = portalEmailSchema.safeParse({ intent: "send-code", email: "  " });
    expect(result.error?.issues[0]?.message).toBe(PORTAL_SIGN_IN_MESSAGES.noAddress);
  });

  test("a portal address gets a 6-digit code; unknown and staff addresses get the same answer and no mail", async () => {
    const email = await portalContact();
    const staff = await createUser({ role: "staff" });
    const answered = { ok: true, attempt: expect.any(String) };
    await expect(requestPortalCode({ email: email.toUpperCase(), ip: ip() })).resolves.toEqual(answered);
    await expect(requestPortalCode({ email: "nobody@example.test", ip: ip() })).resolves.toEqual(answered);
    await expect(requestPortalCode({ email: staff.email, ip: ip() })).resolves.toEqual(answered);
    expect(await nextCode(email)).toMatch(/^\d{6}$/);
    expect(mailsTo("nobody@example.test")).toEqual([]);
    expect(mailsTo(staff.email).filter((mail) => /code/.test(mail.subject))).toEqual([]);
  });

  test("the answer costs every address the same database work: a portal address's code is made and mailed after it", async () => {
    const email = await portalContact();
    const staff = await createUser({ role: "staff" });
    // Statements run before the answer is given (not a timing: a count of round trips).
    const before = (address: string) =>
      withQueryCount(async () => {
        await requestPortalCode({ email: address, ip: ip() });
        return queryCount();
      });
    // The limits' occasional sweep of old rows (1 in 100) is no part of it.
    const dice = vi.spyOn(Math, "random").mockReturnValue(0.5);
    const seen = codesMailedTo(email);
    const known = await before(email);
    expect(await before("nobody@example.test")).toBe(known);
    expect(await before(staff.email)).toBe(known);
    dice.mockRestore();
    // …and the portal address still gets its code.
    expect(await nextCode(email, seen)).toMatch(/^\d{6}$/);
  });

  test("a wrong code costs every address that asked for one the same database work, and gets the same answers", async () => {
    const email = await portalContact();
    const staff = await createUser({ role: "staff" });
    const stranger = "stranger@example.test";
    const addresses = [email, stranger, staff.email];
    // A stranger asks a code for each; only the portal address is mailed one.
    const attempts = new Map<string, string>();
    for (const address of addresses) attempts.set(address, await ask(address));
    const code = await nextCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    await vi.waitFor(async () => expect(await codesStored([...attempts.values()])).toEqual(addresses.map(() => true)), {
      timeout: 20_000,
    });
    // The limits sweep 1 time in 100: one try first, so the sweep's dice are set before the counted ones.
    await signInWithPortalCode({ attempt: crypto.randomUUID(), email: "warm-up@example.test", code: wrong, ip: ip() });
    const dice = vi.spyOn(Math, "random").mockReturnValue(0.5);
    // Statements run by one wrong try (not a timing: a count of round trips).
    const cost = (address: string) =>
      withQueryCount(async () => {
        await signInWithPortalCode({ attempt: attempts.get(address)!, email: address, code: wrong, ip: ip() });
        return queryCount();
      });
    const known = await cost(email);
    expect(await cost(stranger)).toBe(known);
    expect(await cost(staff.email)).toBe(known);
    dice.mockRestore();
    // The answers to the next tries are the same too, up to "too many wrong tries".
    const answers = async (address: string) => {
      const seen: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await signInWithPortalCode({
          attempt: attempts.get(address)!,
          email: address,
          code: wrong,
          ip: ip(),
        });
        seen.push(answer.ok ? "signed in" : `${answer.status} ${answer.message}`);
      }
      return seen;
    };
    const portalAnswers = await answers(email);
    expect(portalAnswers.at(-1)).toBe(`403 ${CODE_MESSAGES.spent}`);
    expect(await answers(stranger)).toEqual(portalAnswers);
    expect(await answers(staff.email)).toEqual(portalAnswers);
  });

  test("the right code for an unknown or staff address (made, never mailed) signs nobody in and changes no account", async () => {
    const staff = await createUser({ role: "staff" });
    const stranger = "unknown-person@example.test";
    // The codes as they are drawn (never mailed, so the test reads them where they are made).
    const drawn = vi.spyOn(crypto, "randomInt");
    const attempts: string[] = [];
    for (const address of [stranger, staff.email]) attempts.push(await ask(address));
    await vi.waitFor(async () => expect(await codesStored(attempts)).toEqual([true, true]), { timeout: 20_000 });
    const codes = drawn.mock.calls
      .map((call, i) => ({ call, value: drawn.mock.results[i]!.value as number }))
      .filter(({ call }) => call[0] === 0 && call[1] === 1_000_000)
      .map(({ value }) => String(value).padStart(6, "0"));
    drawn.mockRestore();
    expect(codes).toHaveLength(2);
    const bridge = vi.spyOn((await auth()).api, "signInEmailOTP");
    const [account] = await db().select().from(schema.user).where(eq(schema.user.id, staff.id));
    const logins = await db().select().from(schema.account).where(eq(schema.account.userId, staff.id));
    const sessions = await db().select().from(schema.session).where(eq(schema.session.userId, staff.id));
    for (const [i, address] of [stranger, staff.email].entries()) {
      await expect(
        signInWithPortalCode({ attempt: attempts[i]!, email: address, code: codes[i]!, ip: ip() }),
      ).resolves.toEqual({
        ok: false,
        message: CODE_MESSAGES.wrong,
        status: 400,
      });
    }
    // better-auth's sign-in was never asked.
    expect(bridge).not.toHaveBeenCalled();
    bridge.mockRestore();
    expect(mailsTo(stranger)).toEqual([]);
    expect(mailsTo(staff.email).filter((mail) => /code/.test(mail.subject))).toEqual([]);
    expect(await db().select().from(schema.user).where(eq(schema.user.email, stranger))).toEqual([]);
    // The staff account is as it was: no new session, its password login and its verified flag kept.
    expect(await db().select().from(schema.user).where(eq(schema.user.id, staff.id))).toEqual([account]);
    expect(await db().select().from(schema.account).where(eq(schema.account.userId, staff.id))).toEqual(logins);
    expect(await db().select().from(schema.session).where(eq(schema.session.userId, staff.id))).toEqual(sessions);
  });

  test("codes are stored as a keyed hash: a copy of the database without the secret gives none of them", async () => {
    const email = await portalContact();
    const from = ip();
    const attempt = await ask(email, from);
    const code = await nextCode(email);
    const stored = (await db().select({ value: schema.verification.value }).from(schema.verification)).map(
      (row) => row.value,
    );
    expect(stored.length).toBeGreaterThan(0);
    // Not the code, nor its unsalted SHA-256 (all 10^6 of which take a second to work out).
    const digest = crypto.createHash("sha256").update(code).digest();
    for (const value of stored) {
      expect(value).not.toContain(code);
      expect(value).not.toContain(digest.toString("base64url"));
      expect(value).not.toContain(digest.toString("hex"));
    }
    await expect(signInWithPortalCode({ attempt, email, code, ip: from })).resolves.toMatchObject({ ok: true });
  });

  test("a code signs in once", async () => {
    const email = await portalContact();
    const from = ip();
    const attempt = await ask(email, from);
    const code = await nextCode(email);
    const first = await signInWithPortalCode({ attempt, email, code, ip: from });
    expect(first.ok).toBe(true);
    await expect(signInWithPortalCode({ attempt, email, code, ip: from })).resolves.toMatchObject({
      ok: false,
      message: CODE_MESSAGES.wrong,
    });
  });

  test("a code works only for the request that made it: another browser's, or another address's, is wrong", async () => {
    const email = await portalContact();
    const from = ip();
    const mine = await ask(email, from);
    const code = await nextCode(email);
    const theirs = await ask(email, ip());
    await expect(signInWithPortalCode({ attempt: theirs, email, code, ip: from })).resolves.toMatchObject({
      message: CODE_MESSAGES.wrong,
    });
    const other = await portalContact();
    await expect(signInWithPortalCode({ attempt: mine, email: other, code, ip: from })).resolves.toMatchObject({
      message: CODE_MESSAGES.wrong,
    });
    // Neither try counted against it, and the newer request did not replace it.
    await expect(signInWithPortalCode({ attempt: mine, email, code, ip: from })).resolves.toMatchObject({ ok: true });
  });

  test("a code older than 10 minutes is refused", async () => {
    const email = await portalContact();
    const from = ip();
    const attempt = await ask(email, from);
    const code = await nextCode(email);
    await db()
      .update(schema.verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.verification.identifier, `portal-code-${attempt}`));
    await expect(signInWithPortalCode({ attempt, email, code, ip: from })).resolves.toMatchObject({
      ok: false,
      message: CODE_MESSAGES.expired,
    });
  });

  test("after 5 wrong tries even the right code is refused; a new code works", async () => {
    const email = await portalContact();
    const from = ip();
    const attempt = await ask(email, from);
    const code = await nextCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      await expect(signInWithPortalCode({ attempt, email, code: wrong, ip: from })).resolves.toMatchObject({
        ok: false,
      });
    }
    await expect(signInWithPortalCode({ attempt, email, code, ip: from })).resolves.toMatchObject({
      ok: false,
      message: CODE_MESSAGES.spent,
    });
    const seen = codesMailedTo(email);
    const again = await ask(email, from);
    const fresh = await nextCode(email, seen);
    await expect(signInWithPortalCode({ attempt: again, email, code: fresh, ip: from })).resolves.toMatchObject({
      ok: true,
    });
  });

  test("a staff account cannot sign in with a code, even one better-auth made for it", async () => {
    const staff = await createUser({ role: "admin" });
    const attempt = await ask(staff.email);
    const code = await (await auth()).api.createVerificationOTP({ body: { email: staff.email, type: "sign-in" } });
    const sessions = async () =>
      (
        await db().select({ id: schema.session.id }).from(schema.session).where(eq(schema.session.userId, staff.id))
      ).map((row) => row.id);
    const before = await sessions();
    // Our sign-in refuses without asking better-auth…
    await expect(signInWithPortalCode({ attempt, email: staff.email, code, ip: ip() })).resolves.toMatchObject({
      ok: false,
    });
    // …and better-auth itself refuses a session made by a code for anyone but a client.
    await expect((await auth()).api.signInEmailOTP({ body: { email: staff.email, otp: code } })).rejects.toThrow();
    expect((await sessions()).filter((id) => !before.includes(id))).toEqual([]);
  });

  test("codes are limited per network and address, and per address from every network with a much higher ceiling", async () => {
    const email = await portalContact();
    const from = ip();
    for (let i = 0; i < 5; i++) await ask(email, from);
    await expect(requestPortalCode({ email, ip: from })).resolves.toMatchObject({ ok: false, status: 429 });
    // Another network is not held up by that one…
    for (let i = 0; i < 24; i++) await ask(email, ip());
    // …until the address has had 30 from everywhere.
    await expect(requestPortalCode({ email, ip: ip() })).resolves.toMatchObject({ ok: true });
    await expect(requestPortalCode({ email, ip: ip() })).resolves.toMatchObject({ ok: false, status: 429 });
    // An address without access waits the same way: the answers cannot tell them apart.
    const ghost = "ghost@example.test";
    for (let i = 0; i < 5; i++) await ask(ghost, from);
    await expect(requestPortalCode({ email: ghost, ip: from })).resolves.toMatchObject({ status: 429 });
  });

  test("codes are limited per network: one IPv6 /64 is one network", async () => {
    for (let i = 0; i < 30; i++) await requestPortalCode({ email: `n${i}@example.test`, ip: `2001:db8:1:2::${i + 1}` });
    await expect(requestPortalCode({ email: "n99@example.test", ip: "2001:db8:1:2:ffff::9" })).resolves.toMatchObject({
      status: 429,
    });
  });
});
