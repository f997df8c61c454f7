// The account mails better-auth sends, and a receipt telling the asker whether one really went out (better-auth
// swallows what our senders throw). Their caps: domain/users/account-mail.
import { AsyncLocalStorage } from "node:async_hooks";
import { logger } from "../logger";
import { type Mail, sendMail } from "../mail";

interface Recipient {
  email: string;
  name: string;
}

// Each mail names the company (`site`: siteName(), Settings → Company), never the product.
export function verificationMail(user: Recipient, token: string, origin: string, site: string): Mail {
  // Our own route verifies the token, then returns to the site root.
  const link = `${origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: `Confirm your ${site} account`,
    // No name: whoever signs up types it, with anyone's address, so it would be a stranger's words in our mail.
    text: `Hello,\n\nConfirm your email address to finish creating your account:\n${link}\n\nIf you did not sign up, ignore this message.`,
  };
}

export function resetPasswordMail(user: Recipient, token: string, origin: string, site: string): Mail {
  const link = `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: `Reset your ${site} password`,
    text: `Hello ${user.name},\n\nTo choose a new password for your ${site} account, open this link within an hour:\n${link}\n\nThe link works once. Setting a new password signs you out everywhere.\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
  };
}

export function changeEmailMail(user: Recipient, token: string, origin: string, site: string): Mail {
  const link = `${origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: `Confirm your new ${site} address`,
    text: `Hello ${user.name},\n\nConfirm that this is the new address of your ${site} account:\n${link}\n\nUntil you do, the account keeps its old address. If you did not ask for this, ignore this message.`,
  };
}

export function existingAccountMail(user: Recipient, origin: string, site: string): Mail {
  return {
    to: user.email,
    subject: "Someone tried to sign up with your address",
    text: `Hello ${user.name},\n\nSomeone, perhaps you, tried to create a ${site} account with this address, which already has one. Nothing was changed.\n\nTo use your account, sign in at ${origin}/auth\n\nIf it was not you, you can ignore this message.`,
  };
}

interface Receipt {
  sent: number;
  failed: unknown[];
}

const receipts = new AsyncLocalStorage<Receipt>();

/** Sends at once (the caps were taken by whoever asked), noting the outcome on the current receipt. */
export async function sendAccountMail(mail: Mail): Promise<void> {
  const receipt = receipts.getStore();
  try {
    await sendMail(mail);
    if (receipt) receipt.sent++;
  } catch (error) {
    receipt?.failed.push(error);
    logger().error({ err: error, to: mail.to, subject: mail.subject }, "account mail not sent");
    throw error;
  }
}

/** Runs `work` (a better-auth call that may mail) and counts the account mails it sent and failed to send. */
export async function withMailReceipt<T>(work: () => Promise<T>): Promise<{ value: T } & Receipt> {
  const receipt: Receipt = { sent: 0, failed: [] };
  const value = await receipts.run(receipt, work);
  return { value, ...receipt };
}
