// Forgot password: a link mailed to the address (valid for an hour, spent by
// its first use), and the new password it lets its holder set. better-auth
// keeps the token and ends every session of the account when the password
// changes; the answer to a request is the same whether or not the address has
// an account, so the form cannot list accounts.
import { and, eq, gt } from "drizzle-orm";
import { addressKey } from "~/.server/auth/address-key";
import { auth } from "~/.server/auth";
import { withMailReceipt } from "~/.server/auth/account-mail";
import { mailCapRule, mailNotSentMessage } from "./account-mail.server";
import { takeAttempt } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { hasNoNul } from "~/lib/form-values";
import { recordAudit } from "../audit/audit.server";
import { NotFoundError } from "../errors";
import { failure, mailCapReached, type Refused, tooManyAttempts } from "./outcome.server";

const MINUTE = 60_000;

export const RESET_LINK_INVALID = "This link is invalid or has expired. Ask for a new one below.";

/** What the forgot-password form answers, whether or not the address has an account. */
export const RESET_LINK_SENT =
  "If an account uses this address, we sent it a link to choose a new password. The link works once, within an hour.";

async function findAccount(email: string) {
  const [found] = await db()
    .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.email, email.toLowerCase()));
  return found;
}

/**
 * Mails a reset link to `email` if it has an account. Counted per client
 * address, and per email for every request whether or not the address has an
 * account (so a refusal tells nothing about it): past a few, the asker is told
 * to wait instead of being answered while nothing is sent. This cap is the
 * reset links strangers ask for; an administrator's have their own.
 */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<{ ok: true } | Refused> {
  const verdict = await takeAttempt([
    {
      key: `forgot-password:ip:${addressKey(input.ip)}`,
      freeFailures: 10,
      baseDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      forgetAfterMs: 60 * MINUTE,
    },
    mailCapRule("password-reset", input.email),
  ]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  await (await auth()).api.requestPasswordReset({ body: { email: input.email } });
  const account = await findAccount(input.email);
  if (account) {
    await recordAudit(null, "password.reset-asked", { type: "user", id: account.id, label: account.email });
  }
  return { ok: true };
}

/**
 * An administrator sends the reset link to an account (Team): never dropped
 * silently, whatever strangers asked for; past the administrators' own cap, or
 * when the mail server does not take it, the administrator is told.
 */
export async function sendPasswordResetLink(
  actor: { id: string; name: string },
  userId: string,
): Promise<{ ok: true; email: string } | Refused> {
  const [account] = await db()
    .select({ id: schema.user.id, email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (!account) throw new NotFoundError("That account no longer exists.");
  const verdict = await takeAttempt([mailCapRule("admin", account.email)]);
  if (!verdict.allowed) return mailCapReached(account.email, verdict.retryAfterMs);
  const receipt = await withMailReceipt(async () =>
    (await auth()).api.requestPasswordReset({ body: { email: account.email } }),
  );
  if (receipt.sent === 0) return { ok: false, message: mailNotSentMessage(account.email), status: 503 };
  await recordAudit(actor, "password.reset-requested", { type: "user", id: account.id, label: account.email });
  return { ok: true, email: account.email };
}

/** The account a reset token belongs to, while it is unspent and unexpired. */
async function tokenOwner(token: string): Promise<string | undefined> {
  // A link's token is the query string's: a NUL, which PostgreSQL text cannot hold, is no token of ours.
  if (!hasNoNul(token)) return undefined;
  const [row] = await db()
    .select({ userId: schema.verification.value })
    .from(schema.verification)
    .where(
      and(eq(schema.verification.identifier, `reset-password:${token}`), gt(schema.verification.expiresAt, new Date())),
    );
  return row?.userId;
}

export async function resetLinkIsValid(token: string): Promise<boolean> {
  return Boolean(token) && (await tokenOwner(token)) !== undefined;
}

/** Sets the new password (which ends every session of the account) and spends the token. */
export async function resetPassword(input: { token: string; password: string }): Promise<{ ok: true } | Refused> {
  const userId = await tokenOwner(input.token);
  if (!userId) return { ok: false, message: RESET_LINK_INVALID, status: 400 };
  try {
    await (await auth()).api.resetPassword({ body: { token: input.token, newPassword: input.password } });
  } catch (error) {
    return failure(error, { INVALID_TOKEN: RESET_LINK_INVALID });
  }
  const [account] = await db()
    .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (account) {
    await recordAudit({ id: account.id, name: account.name }, "password.reset", {
      type: "user",
      id: account.id,
      label: account.email,
    });
  }
  return { ok: true };
}
