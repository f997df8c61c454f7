// The users' account mails as the domain asks for them: each kind has its own daily cap per address, taken where
// the mail is asked for (so whoever asked hears of a refusal); the invitation, which only the domain sends.
import type { Mail } from "~/.server/mail";
import type { BackoffRule } from "~/.server/auth/rate-limit";

const MINUTE = 60_000;

/** Kinds of account mail, each capped per address on its own: what strangers can ask for (a sign-up's mail, a reset
 *  link) never uses up what an administrator asks for (a reset link, an invitation) or what an account asks for itself. */
export type AccountMailKind = "confirmation" | "password-reset" | "address-change" | "admin";

const CAPS: Record<AccountMailKind, { free: number; firstWaitMinutes: number }> = {
  // A sign-up's confirmation link or note, and the waiting page's "send the link again".
  confirmation: { free: 5, firstWaitMinutes: 5 },
  // Forgot password, counted for every request (an address with an account or not alike).
  "password-reset": { free: 3, firstWaitMinutes: 5 },
  "address-change": { free: 5, firstWaitMinutes: 5 },
  // Reset links and invitations an administrator sends.
  admin: { free: 10, firstWaitMinutes: 5 },
};

/** The cap of one kind of mail to one address (taken with takeAttempt where the mail is asked for). */
export function mailCapRule(kind: AccountMailKind, address: string): BackoffRule {
  const cap = CAPS[kind];
  return {
    key: `mail:${kind}:${address.trim().toLowerCase()}`,
    freeFailures: cap.free,
    baseDelayMs: cap.firstWaitMinutes * MINUTE,
    maxDelayMs: 60 * MINUTE,
    forgetAfterMs: 24 * 60 * MINUTE,
  };
}

export function invitationMail(
  invite: { email: string; role: string; invitedBy: string },
  token: string,
  origin: string,
  site: string,
): Mail {
  const link = `${origin}/auth/invitation?token=${encodeURIComponent(token)}`;
  const role = invite.role === "admin" ? "an administrator" : "a staff member";
  return {
    to: invite.email,
    subject: `${invite.invitedBy} invited you to ${site}`,
    text: `Hello,\n\n${invite.invitedBy} invited you to join ${site} as ${role}. Choose your name and password here within 7 days:\n${link}\n\nThe link works once. If you did not expect this, ignore this message.`,
  };
}

export function mailNotSentMessage(address: string): string {
  return `The mail to ${address} could not be sent: the mail server did not take it. Try again later; the server log has the details.`;
}
