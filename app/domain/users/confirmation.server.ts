// A signed-in account that waits for its confirmation link (a staff-domain
// address with email verification off: its sign-up signed it in) asks for the
// link again from the waiting page. better-auth makes and mails the link.
import { auth, isAuthApiError } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { withMailReceipt } from "~/.server/auth/account-mail";
import { mailCapRule, mailNotSentMessage } from "./account-mail.server";
import { takeAttempt } from "~/.server/auth/rate-limit";
import { isStaffDomainEmail } from "~/.server/auth/staff-domain";
import { failure, mailCapReached, type Refused } from "./outcome.server";

/** Whether following a confirmation link would still change this account's access. */
export function awaitsConfirmation(user: Pick<SessionUser, "email" | "emailVerified" | "role">): boolean {
  return user.role === "pending" && isStaffDomainEmail(user.email) && !user.emailVerified;
}

export async function resendConfirmationLink(headers: Headers, user: SessionUser): Promise<{ ok: true } | Refused> {
  if (!awaitsConfirmation(user)) {
    return { ok: false, message: "This account does not wait for a confirmation link.", status: 400 };
  }
  const verdict = await takeAttempt([mailCapRule("confirmation", user.email)]);
  if (!verdict.allowed) return mailCapReached(user.email, verdict.retryAfterMs);
  try {
    const receipt = await withMailReceipt(async () =>
      (await auth()).api.sendVerificationEmail({ body: { email: user.email }, headers }),
    );
    if (receipt.sent === 0) return { ok: false, message: mailNotSentMessage(user.email), status: 503 };
  } catch (error) {
    if (isAuthApiError(error)) return failure(error);
    // The mail server did not take it (better-auth passes our sender's error on here).
    return { ok: false, message: mailNotSentMessage(user.email), status: 503 };
  }
  return { ok: true };
}
