// What every signed-in account can change about itself (/admin/account): its
// name, its password (the current one first), its address (a link to the new
// one confirms it), and where it is signed in. Calls go through better-auth
// with the request's headers, so it acts on the caller's own session only.
import { and, desc, eq, gt } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { withMailReceipt } from "~/.server/auth/account-mail";
import { mailCapRule, mailNotSentMessage } from "./account-mail.server";
import { forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError } from "../errors";
import { failure, mailCapReached, type Refused, tooManyAttempts } from "./outcome.server";

const MINUTE = 60_000;

export const WRONG_CURRENT_PASSWORD = "That is not your current password.";
export const EMAIL_CHANGE_SENT =
  "We sent a link to the new address. Your address changes when you follow it; until then, keep using the old one.";

const target = (user: SessionUser) => ({ type: "user" as const, id: user.id, label: user.email });

/** Guesses at the current password (from a stolen session) wait like sign-in failures. */
function passwordRule(user: { id: string }) {
  return {
    key: `current-password:${user.id}`,
    freeFailures: 5,
    baseDelayMs: 30_000,
    maxDelayMs: 15 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  };
}

/**
 * One guess at the account's current password: `check` asks better-auth, which
 * refuses a wrong one. Every form that asks for it (address, password, two-factor)
 * shares one count, so a stolen session cannot guess on another form; a guess
 * is refused while the count waits and forgiven when it was right.
 */
export async function withCurrentPassword<T>(
  user: { id: string },
  check: () => Promise<T>,
  messages: Record<string, string> = { INVALID_PASSWORD: WRONG_CURRENT_PASSWORD },
): Promise<{ ok: true; value: T } | Refused> {
  const rule = passwordRule(user);
  const verdict = await takeAttempt([rule]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  try {
    const value = await check();
    await forgiveAttempt(rule);
    return { ok: true, value };
  } catch (error) {
    return failure(error, messages);
  }
}

export async function changeName(user: SessionUser, name: string): Promise<void> {
  await db().transaction(async (tx) => {
    await withActor(tx);
    await tx.update(schema.user).set({ name }).where(eq(schema.user.id, user.id));
    await recordAudit(user, "account.name-changed", target(user), { from: user.name, to: name }, tx);
  });
}

/** Sets a new password and signs out every other session (this one gets a fresh cookie). */
export async function changePassword(
  headers: Headers,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
): Promise<{ ok: true; setCookies: string[] } | Refused> {
  const changed = await withCurrentPassword(user, async () =>
    (await auth()).api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers,
      returnHeaders: true,
    }),
  );
  if (!changed.ok) return changed;
  await recordAudit(user, "password.changed", target(user));
  return { ok: true, setCookies: changed.value.headers.getSetCookie() };
}

/**
 * Mails a confirmation link to the new address (better-auth's changeEmail); the
 * answer is the same when the address belongs to another account, which then gets no mail.
 */
export async function requestEmailChange(
  headers: Headers,
  user: SessionUser,
  input: { newEmail: string; currentPassword: string },
): Promise<{ ok: true } | Refused> {
  if (input.newEmail === user.email) {
    return { ok: false, message: "That is already your address.", status: 400 };
  }
  const checked = await withCurrentPassword(user, async () =>
    (await auth()).api.verifyPassword({ body: { password: input.currentPassword }, headers }),
  );
  if (!checked.ok) return checked;
  // Counted whether or not another account has the address (the answer must not tell).
  const verdict = await takeAttempt([mailCapRule("address-change", input.newEmail)]);
  if (!verdict.allowed) return mailCapReached(input.newEmail, verdict.retryAfterMs);
  let receipt;
  try {
    receipt = await withMailReceipt(async () =>
      (await auth()).api.changeEmail({ body: { newEmail: input.newEmail }, headers }),
    );
  } catch (error) {
    return failure(error);
  }
  // Nothing is sent to an address another account has; a mail that failed is told.
  if (receipt.failed.length > 0) return { ok: false, message: mailNotSentMessage(input.newEmail), status: 503 };
  await recordAudit(user, "account.email-change-requested", target(user), { to: input.newEmail });
  return { ok: true };
}

export interface ActiveSession {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The account's unexpired sessions, most recently used first. */
export async function listSessions(userId: string): Promise<ActiveSession[]> {
  return db()
    .select({
      id: schema.session.id,
      userAgent: schema.session.userAgent,
      ipAddress: schema.session.ipAddress,
      createdAt: schema.session.createdAt,
      // A session is refreshed (updated_at) at most once a day while used.
      lastSeenAt: schema.session.updatedAt,
    })
    .from(schema.session)
    .where(and(eq(schema.session.userId, userId), gt(schema.session.expiresAt, new Date())))
    .orderBy(desc(schema.session.updatedAt));
}

/** Ends one of the account's own sessions (another device, or this one). */
export async function signOutSession(headers: Headers, user: SessionUser, sessionId: string): Promise<void> {
  const [row] = await db()
    .select({ token: schema.session.token })
    .from(schema.session)
    .where(and(eq(schema.session.id, sessionId), eq(schema.session.userId, user.id)));
  if (!row) throw new NotFoundError("That session has already ended.");
  await (await auth()).api.revokeSession({ body: { token: row.token }, headers });
  await recordAudit(user, "sessions.signed-out", target(user), { sessions: 1 });
}

export async function signOutOtherSessions(headers: Headers, user: SessionUser): Promise<void> {
  try {
    await (await auth()).api.revokeOtherSessions({ headers });
  } catch (error) {
    if (isAuthApiError(error)) throw new NotFoundError("This session has ended: sign in again.");
    throw error;
  }
  await recordAudit(user, "sessions.signed-out", target(user), { sessions: "all others" });
}
