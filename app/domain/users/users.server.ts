// Accounts: sign-in, sign-up and sign-out through better-auth, with our rate
// limits; the Team list and role changes (admins only).
import { asc, eq, ne } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { withMailReceipt } from "~/.server/auth/account-mail";
import { mailCapRule, mailNotSentMessage } from "./account-mail.server";
import { addressKey } from "~/.server/auth/address-key";
import { clientHeaders } from "~/.server/auth/client-headers";
import { type KnownDevice, readKnownDevice, rememberDevice } from "~/.server/auth/known-device";
import { sessionTokenOf } from "~/.server/auth/cookie-name";
import { type BackoffRule, clearRateLimit, forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { mailsConfirmationLink } from "~/.server/auth/staff-domain";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import type { STAFF_ROLES } from "~/tables";

type StaffRole = (typeof STAFF_ROLES)[number];
import { env } from "~/.server/env";
import { recordAudit } from "../audit/audit.server";
import { AccessChangeError, assertAnotherActiveAdmin, lockAccount, lockAdminChanges } from "./admins.server";
import { failure, type Refused, tooManyAttempts } from "./outcome.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** `twoFactor`: the password was right, and the account's second factor is asked next (/auth/two-factor). */
export type SignInResult = { ok: true; setCookies: string[]; twoFactor: boolean } | Refused;
/**
 * With email verification off, the new account's session cookies (a sign-up
 * signs in; an address with an account is refused); with it on, no cookies and
 * the same answer for an address that already has an account as for a new one
 * (decision 0032). `checkEmail`: a confirmation link was mailed for this address.
 */
export type SignUpResult = { ok: true; setCookies: string[]; checkEmail: boolean } | Refused;

// Sign-in failures count per client (an IPv6 /64 is one) + email, a guesser at
// one account, and per client alone, a guesser at many; never per email alone
// for everyone, which would let anyone lock the owner out. Past a ceiling per
// account, guesses from browsers the account has not signed in from wait too,
// however many addresses they come from, while the owner's own browser (its
// known-device cookie) counts on its own. Waits double from 30 s up to 15 minutes.
function signInRules(
  ip: string,
  email: string,
  knownDevice: string | null,
): [perClient: BackoffRule, perAddress: BackoffRule, perAccount: BackoffRule] {
  const backoff = { baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY };
  const client = addressKey(ip);
  return [
    { key: `sign-in:ip-email:${client}:${email}`, freeFailures: 5, ...backoff },
    { key: `sign-in:ip:${client}`, freeFailures: 30, ...backoff },
    knownDevice
      ? { key: `sign-in:device:${knownDevice}:${email}`, freeFailures: 10, ...backoff }
      : { key: `sign-in:unknown-devices:${email}`, freeFailures: 10, ...backoff },
  ];
}

/** This browser's id when it has signed in to the account of `email` before. */
export async function knownDeviceFor(device: KnownDevice | null, email: string): Promise<string | null> {
  if (!device) return null;
  const [account] = await db().select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
  return account && device.accounts.includes(account.id) ? device.id : null;
}

export async function signIn(input: {
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
  /** The request's Cookie header: a known-device cookie in it lets the owner past a stranger's guessing. */
  cookie?: string | null;
}): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const device = await readKnownDevice(input.cookie);
  const [perClient, perAddress, perAccount] = signInRules(input.ip, email, await knownDeviceFor(device, email));
  const verdict = await takeAttempt([perClient, perAddress, perAccount]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  try {
    const { headers, response } = await (
      await auth()
    ).api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: clientHeaders(input),
      returnHeaders: true,
    });
    // A success is not a failure: this client's count for the account starts afresh, the
    // others forget this attempt (the account's ceiling is not cleared: a stranger's
    // guesses still count after the owner signs in somewhere).
    await clearRateLimit(perClient.key);
    await forgiveAttempt(perAddress);
    await forgiveAttempt(perAccount);
    if ("twoFactorRedirect" in response && response.twoFactorRedirect === true) {
      // The second step (verifySignInCode) finishes signing in, and marks the browser known.
      return { ok: true, setCookies: headers.getSetCookie(), twoFactor: true };
    }
    await recordSignIn(response.user.id);
    // Signed in: from now on this browser is one the account knows.
    const knownDevice = await rememberDevice(device, response.user.id);
    return { ok: true, setCookies: [...headers.getSetCookie(), knownDevice], twoFactor: false };
  } catch (error) {
    return failure(error);
  }
}

/** The account finished signing in (its second factor included): Team shows when. */
export async function recordSignIn(userId: string): Promise<void> {
  await db().update(schema.user).set({ lastSignInAt: new Date() }).where(eq(schema.user.id, userId));
}

export async function signUp(input: {
  fullName: string;
  email: string;
  password: string;
  ip: string;
  userAgent?: string | null;
}): Promise<SignUpResult> {
  // Every sign-up counts (making accounts is what is limited) per client address;
  // one that mails (a confirmation link, or the note to an existing account's
  // owner) also counts toward that address's cap of such mails, for a new address
  // and a taken one alike, so a refusal tells nothing about the address.
  const verdict = await takeAttempt([
    {
      key: `sign-up:ip:${addressKey(input.ip)}`,
      freeFailures: 20,
      baseDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      forgetAfterMs: DAY,
    },
    ...(mailsConfirmationLink(input.email) ? [mailCapRule("confirmation", input.email)] : []),
  ]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  try {
    const receipt = await withMailReceipt(async () =>
      (await auth()).api.signUpEmail({
        body: { name: input.fullName, email: input.email, password: input.password },
        headers: clientHeaders(input),
        returnHeaders: true,
      }),
    );
    const { headers, response } = receipt.value;
    const mailFailed = receipt.failed.length > 0;
    // A token means better-auth signed the new account in (verification off).
    if (!response.token) {
      // Every such sign-up mails, so saying it failed tells nothing about the address.
      if (mailFailed) return { ok: false, message: mailNotSentMessage(input.email), status: 503 };
      return { ok: true, setCookies: [], checkEmail: true };
    }
    await recordSignIn(response.user.id);
    // Signed in, and this browser is one the account knows (see signIn). A link that
    // did not go out can be sent again from the waiting page.
    return {
      ok: true,
      setCookies: [...headers.getSetCookie(), await rememberDevice(null, response.user.id)],
      checkEmail: mailsConfirmationLink(input.email) && !mailFailed,
    };
  } catch (error) {
    return failure(error);
  }
}

/** Revokes the session row and returns the cookies that clear it in the browser. */
export async function signOut(request: Request): Promise<string[]> {
  try {
    const { headers } = await (await auth()).api.signOut({ headers: request.headers, returnHeaders: true });
    return headers.getSetCookie();
  } catch (error) {
    // No session (already signed out, or expired): nothing to revoke.
    if (isAuthApiError(error)) return [];
    throw error;
  }
}

/** What a confirmation link did: confirmed the address of a new account, or moved an account to a new address. */
export type VerifyEmailResult =
  { ok: false; setCookies: string[] } | { ok: true; setCookies: string[]; changedTo?: string; signInAgain?: boolean };

/** The addresses a confirmation link carries (better-auth checks its signature). */
function linkAddresses(token: string): { email?: string; updateTo?: string } {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
      string,
      unknown
    >;
    return {
      email: typeof payload.email === "string" ? payload.email : undefined,
      updateTo: typeof payload.updateTo === "string" ? payload.updateTo : undefined,
    };
  } catch {
    return {};
  }
}

/**
 * Follows a confirmation link (of a sign-up or of a change of address). The
 * link signs in (better-auth's autoSignInAfterVerification), but never past a
 * second factor: for an account with two-factor sign-in the session it made
 * is ended at once and the person signs in with password and code.
 */
export async function verifyEmail(token: string): Promise<VerifyEmailResult> {
  let setCookies: string[];
  try {
    const { headers } = await (await auth()).api.verifyEmail({ query: { token }, returnHeaders: true });
    setCookies = headers.getSetCookie();
  } catch (error) {
    if (isAuthApiError(error)) return { ok: false, setCookies: [] };
    throw error;
  }
  const { email, updateTo } = linkAddresses(token);
  const address = updateTo ?? email;
  const [account] = address
    ? await db()
        .select({ id: schema.user.id, name: schema.user.name, twoFactorEnabled: schema.user.twoFactorEnabled })
        .from(schema.user)
        .where(eq(schema.user.email, address))
    : [];
  if (account && updateTo) {
    await recordAudit(account, "account.email-changed", { type: "user", id: account.id, label: updateTo });
  }
  const sessionToken = sessionTokenOf(setCookies);
  if (account?.twoFactorEnabled && sessionToken) {
    await db().delete(schema.session).where(eq(schema.session.token, sessionToken));
    return { ok: true, setCookies: [], changedTo: updateTo, signInAgain: true };
  }
  return { ok: true, setCookies, changedTo: updateTo };
}

export function requiresEmailVerification(): boolean {
  return env().REQUIRE_EMAIL_VERIFICATION;
}

export async function listAccounts() {
  const rows = await db()
    .select({
      id: schema.user.id,
      name: schema.user.name,
      email: schema.user.email,
      role: schema.user.role,
      emailVerified: schema.user.emailVerified,
      twoFactorEnabled: schema.user.twoFactorEnabled,
      disabled: schema.user.banned,
      lastSignInAt: schema.user.lastSignInAt,
      createdAt: schema.user.createdAt,
    })
    .from(schema.user)
    // Clients' portal accounts are not the team: a contact's page manages them.
    .where(ne(schema.user.role, "client"))
    .orderBy(asc(schema.user.createdAt));
  return rows.map((row) => ({ ...row, role: row.role as StaffRole }));
}

/** Grants or revokes access. Admins only; nobody changes their own role, and one active admin always remains. */
export async function setRole(
  actor: SessionUser,
  userId: string,
  role: StaffRole,
): Promise<{ name: string; email: string }> {
  if (actor.role !== "admin") throw new AccessChangeError("Only administrators can change access.");
  if (actor.id === userId) throw new AccessChangeError("You cannot change your own access.");
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockAdminChanges(tx);
    const target = await lockAccount(tx, userId);
    if (target.role === "client") {
      throw new AccessChangeError("Portal accounts are given and removed on the contact's page.");
    }
    if (target.role === "admin" && role !== "admin" && !target.banned) await assertAnotherActiveAdmin(tx, userId);
    // Every request reads the role afresh, so the change takes effect at once.
    await tx.update(schema.user).set({ role }).where(eq(schema.user.id, userId));
    await recordAudit(
      actor,
      "account.access-changed",
      { type: "user", id: target.id, label: target.email },
      { from: target.role, to: role },
      tx,
    );
    return { name: target.name, email: target.email };
  });
}
