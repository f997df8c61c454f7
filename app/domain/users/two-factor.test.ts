// Two-factor sign-in: enrolment confirmed by a code, the code (or a single-use
// recovery code) after the password, the staff requirement, an admin's reset.
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { totpCode } from "#tests/helpers/totp";
import { cookieHeader, createUser, request, type TestUser } from "#tests/helpers/users";
import { getUser, requireStaff, type SessionUser } from "~/.server/auth/access";
import { TOTP_CODE_USED_MESSAGE as CODE_USED } from "~/.server/auth/messages";
import { db, schema } from "~/.server/db";
import { changePassword, WRONG_CURRENT_PASSWORD } from "./account.server";
import {
  confirmEnrolment,
  renewRecoveryCodes,
  resetTwoFactorByAdmin,
  setTwoFactorRequired,
  startEnrolment,
  TWO_FACTOR_REQUIRED_MESSAGE,
  turnOffTwoFactor,
  verifySignInCode,
} from "./two-factor.server";
import { signIn } from "./users.server";

withTestDatabase();

let ipCount = 0;
const ip = () => `203.0.113.${++ipCount}`;
const headersOf = (cookie: string) => new Headers({ Cookie: cookie });
const me = async (cookie: string) => (await getUser(request("/admin", { headers: { Cookie: cookie } }))) as SessionUser;

/** Enrols `user` and returns the secret, the recovery codes and the session cookie after it. */
async function enrol(user: TestUser) {
  const started = await startEnrolment(headersOf(user.cookie), await me(user.cookie), user.password);
  if (!started.ok) throw new Error(started.message);
  const confirmed = await confirmEnrolment(headersOf(user.cookie), await me(user.cookie), totpCode(started.secret));
  if (!confirmed.ok) throw new Error(confirmed.message);
  return { ...started, cookie: cookieHeader(confirmed.setCookies) };
}

/** The password step of signing in: the headers that carry its signed cookie to the code step. */
async function signInStep(user: TestUser) {
  return headersOf(cookieHeader((await passwordStep(user)).setCookies));
}

async function passwordStep(user: TestUser) {
  const outcome = await signIn({ email: user.email, password: user.password, ip: ip() });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

describe("two-factor sign-in", () => {
  test("enrolment asks the password, gives ten recovery codes, and starts only once a code confirms it", async () => {
    const user = await createUser({ role: "staff" });
    expect(await startEnrolment(headersOf(user.cookie), await me(user.cookie), "wrong-password-1")).toMatchObject({
      ok: false,
    });
    const started = await startEnrolment(headersOf(user.cookie), await me(user.cookie), user.password);
    if (!started.ok) throw new Error(started.message);
    expect(started.totpURI).toMatch(/^otpauth:\/\/totp\/Playfolio:/);
    expect(started.recoveryCodes).toHaveLength(10);
    expect(new Set(started.recoveryCodes).size).toBe(10);
    // Not yet on: the password alone still signs in.
    expect((await passwordStep(user)).twoFactor).toBe(false);

    expect(await confirmEnrolment(headersOf(user.cookie), await me(user.cookie), "000000")).toMatchObject({
      ok: false,
      message: "That code is not right. Enter the newest code from your authenticator app.",
    });
    const confirmed = await confirmEnrolment(headersOf(user.cookie), await me(user.cookie), totpCode(started.secret));
    expect(confirmed.ok).toBe(true);
    const cookie = cookieHeader(confirmed.ok ? confirmed.setCookies : []);
    expect((await me(cookie)).twoFactorEnabled).toBe(true);
    const [row] = await db().select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, user.id));
    // Stored encrypted, never as the secret or the codes themselves.
    expect(row!.secret).not.toContain(started.secret);
    for (const code of started.recoveryCodes) expect(row!.backupCodes).not.toContain(code);
  });

  test("after the password, a code from the app finishes signing in; a wrong one does not", async () => {
    const user = await createUser({ role: "staff" });
    const { secret } = await enrol(user);
    const step = await passwordStep(user);
    expect(step.twoFactor).toBe(true);
    const pending = cookieHeader(step.setCookies);
    // No session yet.
    expect(await getUser(request("/admin", { headers: { Cookie: pending } }))).toBeNull();
    expect(
      await verifySignInCode({ headers: headersOf(pending), ip: ip(), code: "123456", kind: "totp" }),
    ).toMatchObject({ ok: false });
    // The code after the one that turned it on (each code works once).
    const done = await verifySignInCode({
      headers: headersOf(pending),
      ip: ip(),
      code: totpCode(secret, { stepsAhead: 1 }),
      kind: "totp",
    });
    expect(done.ok).toBe(true);
    const session = cookieHeader(done.ok ? done.setCookies : []);
    expect((await me(session)).id).toBe(user.id);
    // Signed in only now: the browser becomes one the account knows (not after the password alone).
    expect(step.setCookies.some((cookie) => cookie.startsWith("known-device="))).toBe(false);
    expect(session).toContain("known-device=");
    const [row] = await db().select().from(schema.user).where(eq(schema.user.id, user.id));
    expect(row!.lastSignInAt).not.toBeNull();
  });

  test("a recovery code signs in once", async () => {
    const user = await createUser({ role: "staff" });
    const { recoveryCodes } = await enrol(user);
    const first = cookieHeader((await passwordStep(user)).setCookies);
    const used = await verifySignInCode({
      headers: headersOf(first),
      ip: ip(),
      code: recoveryCodes[0]!,
      kind: "recovery",
    });
    expect(used.ok).toBe(true);
    const second = cookieHeader((await passwordStep(user)).setCookies);
    expect(
      await verifySignInCode({ headers: headersOf(second), ip: ip(), code: recoveryCodes[0]!, kind: "recovery" }),
    ).toMatchObject({ ok: false, message: "That recovery code is not right, or it has been used already." });
    expect(
      (await verifySignInCode({ headers: headersOf(second), ip: ip(), code: recoveryCodes[1]!, kind: "recovery" })).ok,
    ).toBe(true);
  });

  test("new recovery codes replace the old ones", async () => {
    const user = await createUser({ role: "staff" });
    const { recoveryCodes, cookie } = await enrol(user);
    const renewed = await renewRecoveryCodes(headersOf(cookie), await me(cookie), user.password);
    if (!renewed.ok) throw new Error(renewed.message);
    expect(renewed.recoveryCodes).toHaveLength(10);
    const pending = cookieHeader((await passwordStep(user)).setCookies);
    expect(
      (await verifySignInCode({ headers: headersOf(pending), ip: ip(), code: recoveryCodes[0]!, kind: "recovery" })).ok,
    ).toBe(false);
  });

  test("while required for staff it cannot be turned off, staff without it are sent to set it up, and an admin can reset it", async () => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser({ role: "staff" });
    const { cookie } = await enrol(user);
    const bare = await createUser({ role: "staff" });

    await setTwoFactorRequired(admin, true);
    try {
      expect(await turnOffTwoFactor(headersOf(cookie), await me(cookie), user.password)).toMatchObject({
        ok: false,
        message: TWO_FACTOR_REQUIRED_MESSAGE,
      });
      const refused = await requireStaff(request("/admin", { user: bare })).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).headers.get("Location")).toBe("/auth/two-factor/setup");
      expect((await requireStaff(request("/admin", { headers: { Cookie: cookie } }))).id).toBe(user.id);
    } finally {
      await setTwoFactorRequired(admin, false);
    }

    await resetTwoFactorByAdmin(admin, user.id);
    expect((await me(cookie)).twoFactorEnabled).toBe(false);
    expect((await passwordStep(user)).twoFactor).toBe(false);
    const actions = (await db().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, user.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["two-factor.enabled", "two-factor.reset-by-admin"]));
  });

  test("turning it off asks the password", async () => {
    const user = await createUser({ role: "staff" });
    const { cookie } = await enrol(user);
    expect(await turnOffTwoFactor(headersOf(cookie), await me(cookie), "wrong-password-1")).toMatchObject({
      ok: false,
    });
    const off = await turnOffTwoFactor(headersOf(cookie), await me(cookie), user.password);
    expect(off.ok).toBe(true);
    expect((await passwordStep(user)).twoFactor).toBe(false);
  });

  test("guesses at the password on the two-factor forms wait like sign-in failures, shared with the account page", async () => {
    const user = await createUser({ role: "staff" });
    const { cookie } = await enrol(user);
    for (let i = 0; i < 4; i++) {
      expect(await turnOffTwoFactor(headersOf(cookie), await me(cookie), `wrong-guess-${i}`)).toMatchObject({
        ok: false,
        message: WRONG_CURRENT_PASSWORD,
      });
    }
    expect(await renewRecoveryCodes(headersOf(cookie), await me(cookie), "wrong-guess-4")).toMatchObject({
      ok: false,
      message: WRONG_CURRENT_PASSWORD,
    });
    // Five wrong guesses: even the right password now waits, on every form that asks for it.
    const waiting = {
      ok: false,
      status: 429,
      message: expect.stringMatching(/^Too many attempts, try again in \d+ minutes?$/),
    };
    expect(await turnOffTwoFactor(headersOf(cookie), await me(cookie), user.password)).toMatchObject(waiting);
    expect(await renewRecoveryCodes(headersOf(cookie), await me(cookie), user.password)).toMatchObject(waiting);
    expect(
      await changePassword(headersOf(cookie), await me(cookie), {
        currentPassword: user.password,
        newPassword: "new-slide-2026",
      }),
    ).toMatchObject(waiting);
    expect((await me(cookie)).twoFactorEnabled).toBe(true);
  });

  test("guesses at the password to start enrolment wait too", async () => {
    const user = await createUser({ role: "staff" });
    for (let i = 0; i < 5; i++) {
      expect(await startEnrolment(headersOf(user.cookie), await me(user.cookie), `wrong-guess-${i}`)).toMatchObject({
        ok: false,
      });
    }
    expect(await startEnrolment(headersOf(user.cookie), await me(user.cookie), user.password)).toMatchObject({
      ok: false,
      status: 429,
    });
  });

  test("wrong codes: five end the sign-in, ten in a row lock the account's second step for a while", async () => {
    const user = await createUser({ role: "staff" });
    const { secret } = await enrol(user);
    const attempt = (headers: Headers, code: string) => verifySignInCode({ headers, ip: ip(), code, kind: "totp" });

    const first = await signInStep(user);
    for (let i = 0; i < 5; i++) expect((await attempt(first, "000000")).ok).toBe(false);
    expect(await attempt(first, totpCode(secret, { stepsAhead: 1 }))).toMatchObject({
      ok: false,
      message: "Too many wrong codes. Sign in again with your email and password.",
    });
    const second = await signInStep(user);
    for (let i = 0; i < 5; i++) expect((await attempt(second, "000000")).ok).toBe(false);
    expect(await attempt(await signInStep(user), totpCode(secret, { stepsAhead: 1 }))).toMatchObject({
      ok: false,
      message: "Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes.",
    });
  });

  test("a code from the app works once: a second sign-in within its window is refused it", async () => {
    const user = await createUser({ role: "staff" });
    const { secret } = await enrol(user);
    const code = totpCode(secret, { stepsAhead: 1 });
    expect((await verifySignInCode({ headers: await signInStep(user), ip: ip(), code, kind: "totp" })).ok).toBe(true);
    expect(await verifySignInCode({ headers: await signInStep(user), ip: ip(), code, kind: "totp" })).toMatchObject({
      ok: false,
      status: 401,
      message: CODE_USED,
    });
  });

  test("two sign-ins racing with one code: one gets in", async () => {
    const user = await createUser({ role: "staff" });
    const { secret } = await enrol(user);
    const [a, b] = [await signInStep(user), await signInStep(user)];
    const code = totpCode(secret, { stepsAhead: 1 });
    const answers = await Promise.all(
      [a, b].map((headers) => verifySignInCode({ headers, ip: ip(), code, kind: "totp" })),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.find((answer) => !answer.ok)).toMatchObject({ message: CODE_USED });
  });
});
