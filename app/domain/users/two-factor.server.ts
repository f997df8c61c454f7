// Two-factor sign-in with an authenticator app (better-auth's twoFactor plugin):
// enrolment (a secret and ten single-use recovery codes, confirmed by a first
// code), the second step of signing in (a code or a recovery code), turning it
// off, new recovery codes, an administrator's reset for a lost phone, and the
// "required for all staff" setting.
import { eq } from "drizzle-orm";
import { addressKey } from "~/.server/auth/address-key";
import { auth } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { clientHeaders } from "~/.server/auth/client-headers";
import { readKnownDevice, rememberDevice } from "~/.server/auth/known-device";
import { TOTP_CODE_USED_MESSAGE } from "~/.server/auth/messages";
import { takeAttempt } from "~/.server/auth/rate-limit";
import { twoFactorRequired } from "~/.server/auth/two-factor-policy";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { recordAudit } from "../audit/audit.server";
import { withCurrentPassword, WRONG_CURRENT_PASSWORD } from "./account.server";
import { AccessChangeError, lockAccount } from "./admins.server";
import { failure, type Refused, tooManyAttempts } from "./outcome.server";
import { recordSignIn } from "./users.server";

const MINUTE = 60_000;

export const TWO_FACTOR_REQUIRED_MESSAGE = "Two-factor sign-in is required for all staff: it cannot be turned off.";
export const SIGN_IN_EXPIRED = "Your sign-in has expired. Sign in again with your email and password.";

const CODE_MESSAGES = {
  INVALID_PASSWORD: WRONG_CURRENT_PASSWORD,
  INVALID_CODE: "That code is not right. Enter the newest code from your authenticator app.",
  INVALID_BACKUP_CODE: "That recovery code is not right, or it has been used already.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Sign in again with your email and password.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes.",
  INVALID_TWO_FACTOR_COOKIE: SIGN_IN_EXPIRED,
  TOTP_ALREADY_ENABLED: "Two-factor sign-in is already on.",
  TOTP_CODE_USED: TOTP_CODE_USED_MESSAGE,
};

const target = (user: SessionUser) => ({ type: "user" as const, id: user.id, label: user.email });

export interface Enrolment {
  /** The otpauth:// URI the QR code carries. */
  totpURI: string;
  /** The same secret, to type in by hand (base32). */
  secret: string;
  recoveryCodes: string[];
}

/**
 * Step 1: the password, then a new secret and recovery codes (not active until a
 * code confirms them). Guesses at the password count like those of Your Account.
 */
export async function startEnrolment(
  headers: Headers,
  user: SessionUser,
  password: string,
): Promise<({ ok: true } & Enrolment) | Refused> {
  const started = await withCurrentPassword(
    user,
    async () => (await auth()).api.enableTwoFactor({ body: { password }, headers }),
    CODE_MESSAGES,
  );
  if (!started.ok) return started;
  const result = started.value;
  if (!("totpURI" in result) || !result.totpURI) throw new Error("better-auth answered without a TOTP URI");
  const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
  return { ok: true, totpURI: result.totpURI, secret, recoveryCodes: result.backupCodes ?? [] };
}

/** Step 2: a code from the app turns it on (better-auth then replaces this session: new cookies). */
export async function confirmEnrolment(
  headers: Headers,
  user: SessionUser,
  code: string,
): Promise<{ ok: true; setCookies: string[] } | Refused> {
  try {
    const result = await (await auth()).api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
    await recordAudit(user, "two-factor.enabled", target(user));
    return { ok: true, setCookies: result.headers.getSetCookie() };
  } catch (error) {
    return failure(error, CODE_MESSAGES);
  }
}

export async function turnOffTwoFactor(
  headers: Headers,
  user: SessionUser,
  password: string,
): Promise<{ ok: true; setCookies: string[] } | Refused> {
  if (await twoFactorRequired()) return { ok: false, message: TWO_FACTOR_REQUIRED_MESSAGE, status: 409 };
  const off = await withCurrentPassword(
    user,
    async () => (await auth()).api.disableTwoFactor({ body: { password }, headers, returnHeaders: true }),
    CODE_MESSAGES,
  );
  if (!off.ok) return off;
  await recordAudit(user, "two-factor.disabled", target(user));
  return { ok: true, setCookies: off.value.headers.getSetCookie() };
}

/** Ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(
  headers: Headers,
  user: SessionUser,
  password: string,
): Promise<{ ok: true; recoveryCodes: string[] } | Refused> {
  const renewed = await withCurrentPassword(
    user,
    async () => (await auth()).api.generateBackupCodes({ body: { password }, headers }),
    CODE_MESSAGES,
  );
  if (!renewed.ok) return renewed;
  await recordAudit(user, "two-factor.recovery-codes-renewed", target(user));
  return { ok: true, recoveryCodes: renewed.value.backupCodes };
}

/**
 * The second step of signing in: a code from the app, or one of the recovery
 * codes (each works once). `headers` carry the signed cookie better-auth set
 * after the password. Besides better-auth's own limits (5 wrong codes per
 * sign-in, 10 in a row lock the account for 15 minutes), each client address
 * gets a few dozen tries.
 */
export async function verifySignInCode(input: {
  headers: Headers;
  ip: string;
  userAgent?: string | null;
  code: string;
  kind: "totp" | "recovery";
}): Promise<{ ok: true; setCookies: string[] } | Refused> {
  const verdict = await takeAttempt([
    {
      key: `two-factor:ip:${addressKey(input.ip)}`,
      freeFailures: 30,
      baseDelayMs: 30_000,
      maxDelayMs: 15 * MINUTE,
      forgetAfterMs: 24 * 60 * MINUTE,
    },
  ]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  const headers = clientHeaders(input, input.headers);
  const code = input.code.trim();
  try {
    const api = (await auth()).api;
    const { headers: answer, response } =
      input.kind === "totp"
        ? await api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
        : await api.verifyBackupCode({ body: { code }, headers, returnHeaders: true });
    await recordSignIn(response.user.id);
    // Signed in: this browser is one the account knows (the sign-in ceiling, users.server.ts).
    const knownDevice = await rememberDevice(await readKnownDevice(input.headers.get("Cookie")), response.user.id);
    return { ok: true, setCookies: [...answer.getSetCookie(), knownDevice] };
  } catch (error) {
    return failure(error, CODE_MESSAGES);
  }
}

/** A lost phone and lost recovery codes: an administrator turns the account's second factor off. */
export async function resetTwoFactorByAdmin(
  actor: SessionUser,
  userId: string,
): Promise<{ name: string; email: string }> {
  if (actor.role !== "admin") throw new AccessChangeError("Only administrators can change access.");
  if (actor.id === userId) throw new AccessChangeError("Turn off your own two-factor sign-in on Your Account.");
  return db().transaction(async (tx) => {
    await withActor(tx);
    const account = await lockAccount(tx, userId);
    await tx.delete(schema.twoFactor).where(eq(schema.twoFactor.userId, userId));
    await tx.update(schema.user).set({ twoFactorEnabled: false }).where(eq(schema.user.id, userId));
    await recordAudit(
      actor,
      "two-factor.reset-by-admin",
      { type: "user", id: account.id, label: account.email },
      {},
      tx,
    );
    return account;
  });
}

export async function setTwoFactorRequired(actor: SessionUser, required: boolean): Promise<void> {
  if (actor.role !== "admin") throw new AccessChangeError("Only administrators can change access.");
  await db().transaction(async (tx) => {
    await withActor(tx);
    await tx
      .insert(schema.securitySettings)
      .values({ id: 1, requireTwoFactor: required })
      .onConflictDoUpdate({
        target: schema.securitySettings.id,
        set: { requireTwoFactor: required, updatedAt: new Date() },
      });
    await recordAudit(
      actor,
      "settings.two-factor-requirement",
      { type: "settings", label: "Two-factor sign-in" },
      { required },
      tx,
    );
  });
}

export { twoFactorRequired };
