// The mails about an account: the confirmation link, and the note to the owner
// of an address someone tried to sign up with again. Each address gets a few
// such mails a day at most, so the sign-up form cannot be used to flood an inbox.
import { logger } from "../logger";
import { type Mail, sendMail } from "../mail";
import { takeAttempt } from "./rate-limit";

const MINUTE = 60_000;

interface Recipient {
  email: string;
  name: string;
}

export function verificationMail(user: Recipient, token: string, origin: string): Mail {
  // Our own route verifies the token, then returns to the site root.
  const link = `${origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Confirm your Playfolio account",
    text: `Hello ${user.name},\n\nConfirm your email address to finish creating your account:\n${link}\n\nIf you did not sign up, ignore this message.`,
  };
}

export function resetPasswordMail(user: Recipient, token: string, origin: string): Mail {
  const link = `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Reset your Playfolio password",
    text: `Hello ${user.name},\n\nTo choose a new password for your Playfolio account, open this link within an hour:\n${link}\n\nThe link works once. Setting a new password signs you out everywhere.\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
  };
}

export function changeEmailMail(user: Recipient, token: string, origin: string): Mail {
  const link = `${origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: "Confirm your new Playfolio address",
    text: `Hello ${user.name},\n\nConfirm that this is the new address of your Playfolio account:\n${link}\n\nUntil you do, the account keeps its old address. If you did not ask for this, ignore this message.`,
  };
}

export function invitationMail(
  invite: { email: string; role: string; invitedBy: string },
  token: string,
  origin: string,
): Mail {
  const link = `${origin}/auth/invitation?token=${encodeURIComponent(token)}`;
  const role = invite.role === "admin" ? "an administrator" : "a staff member";
  return {
    to: invite.email,
    subject: `${invite.invitedBy} invited you to Playfolio`,
    text: `Hello,\n\n${invite.invitedBy} invited you to join Playfolio as ${role}. Choose your name and password here within 7 days:\n${link}\n\nThe link works once. If you did not expect this, ignore this message.`,
  };
}

export function existingAccountMail(user: Recipient, origin: string): Mail {
  return {
    to: user.email,
    subject: "Someone tried to sign up with your address",
    text: `Hello ${user.name},\n\nSomeone, perhaps you, tried to create a Playfolio account with this address, which already has one. Nothing was changed.\n\nTo use your account, sign in at ${origin}/auth\n\nIf it was not you, you can ignore this message.`,
  };
}

export async function sendAccountMail(mail: Mail): Promise<void> {
  const verdict = await takeAttempt([
    {
      key: `mail:${mail.to.toLowerCase()}`,
      freeFailures: 5,
      baseDelayMs: 5 * MINUTE,
      maxDelayMs: 60 * MINUTE,
      forgetAfterMs: 24 * 60 * MINUTE,
    },
  ]);
  if (!verdict.allowed) {
    logger().warn({ to: mail.to, subject: mail.subject }, "account mail not sent: too many for this address today");
    return;
  }
  await sendMail(mail);
}
