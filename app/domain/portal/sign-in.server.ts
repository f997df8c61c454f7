// Signing in to the client portal: an address asks for a 6-digit code, the
// code signs in. Both steps answer the same whether or not the address has
// portal access, codes reach portal accounts only (never staff, who would skip
// their password and second factor), and both are limited per address and per
// network in the database (app/.server/auth/rate-limit.ts).
import { and, eq } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import { clientHeaders } from "~/.server/auth/client-headers";
import { clientNetwork } from "~/.server/auth/network";
import { type BackoffRule, clearRateLimit, forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { recordSignIn } from "../users/users.server";
import { failure, type Refused, tooManyAttempts } from "../users/outcome.server";
import { brandedMail } from "./branded-mail.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CODE_MESSAGES = {
  wrong: "That code is not right. Check the latest email from us, or ask for a new code.",
  expired: "This code has expired. Ask for a new code.",
  spent: "Too many wrong tries for this code. Ask for a new code.",
} as const;

// Codes asked for: per address (nobody floods one inbox) and per network.
function sendRules(email: string, network: string): BackoffRule[] {
  const backoff = { baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: DAY };
  return [
    { key: `portal-code:email:${email}`, freeFailures: 5, ...backoff },
    { key: `portal-code:net:${network}`, freeFailures: 30, ...backoff },
  ];
}

// Wrong codes: per network and address (a guesser at one account) and per network alone.
function verifyRules(email: string, network: string) {
  const backoff = { baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY };
  return {
    account: { key: `portal-verify:net-email:${network}:${email}`, freeFailures: 10, ...backoff },
    network: { key: `portal-verify:net:${network}`, freeFailures: 30, ...backoff },
  } satisfies Record<string, BackoffRule>;
}

/** True when this address is a portal account that may sign in (a client's, not disabled, still linked). */
async function isPortalAccount(email: string): Promise<boolean> {
  const [row] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.contacts, eq(schema.contacts.userId, schema.user.id))
    .where(and(eq(schema.user.email, email), eq(schema.user.role, "client"), eq(schema.user.banned, false)));
  return Boolean(row);
}

/**
 * Mails a sign-in code when the address has portal access; answers `ok`
 * either way (the form says "if this address has access…"). The code is made
 * and mailed after the answer, never waited for: before it, every address
 * costs the same work (the limits and one lookup), so how long the answer
 * takes cannot tell who has access.
 */
export async function requestPortalCode(input: { email: string; ip: string }): Promise<{ ok: true } | Refused> {
  const email = input.email.trim().toLowerCase();
  const verdict = await takeAttempt(sendRules(email, clientNetwork(input.ip)));
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  const portal = await isPortalAccount(email);
  setImmediate(() => void makeCode(email, portal));
  return { ok: true };
}

/**
 * Every address asked for gets a code, so that trying one costs the same for
 * every address (signInWithPortalCode); only a portal account's is mailed.
 * The others' are never shown to anyone and sign nobody in.
 */
async function makeCode(email: string, mail: boolean) {
  try {
    const code = await (await auth()).api.createVerificationOTP({ body: { email, type: "sign-in" } });
    if (!mail) return;
    await sendMail(
      await brandedMail({
        to: email,
        subject: `${code} is your sign-in code`,
        paragraphs: [
          `Your code to sign in to the client portal is ${code}.`,
          "It is valid for 10 minutes and works once. A new code replaces this one.",
        ],
        footnote: "If you did not ask to sign in, you can ignore this message: nobody can sign in without the code.",
      }),
    );
  } catch (error) {
    logger().error({ err: error, to: email }, "portal sign-in code not made or not mailed");
  }
}

export type CodeSignInResult = { ok: true; setCookies: string[] } | Refused;

export async function signInWithPortalCode(input: {
  email: string;
  code: string;
  ip: string;
  userAgent?: string | null;
}): Promise<CodeSignInResult> {
  const email = input.email.trim().toLowerCase();
  const rules = verifyRules(email, clientNetwork(input.ip));
  const verdict = await takeAttempt([rules.account, rules.network]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  const portal = await isPortalAccount(email);
  const api = (await auth()).api;
  try {
    if (!portal) {
      // Staff and unknown addresses: the code is checked the same way (found, the try counted, spent after
      // 5), so a wrong one costs what it costs a portal address, but even the right one (made, never mailed)
      // only gets the wrong code's answer. better-auth's sign-in is never asked: it would touch the account.
      await api.checkVerificationOTP({ body: { email, type: "sign-in", otp: input.code } });
      return { ok: false, message: CODE_MESSAGES.wrong, status: 400 };
    }
    const { headers, response } = await api.signInEmailOTP({
      body: { email, otp: input.code },
      headers: clientHeaders(input),
      returnHeaders: true,
    });
    await clearRateLimit(rules.account.key);
    await forgiveAttempt(rules.network);
    await recordSignIn(response.user.id);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isAuthApiError(error)) {
      return failure(error, {
        OTP_EXPIRED: CODE_MESSAGES.expired,
        TOO_MANY_ATTEMPTS: CODE_MESSAGES.spent,
        INVALID_OTP: CODE_MESSAGES.wrong,
        // The right code for an address without an account, or one that is not an address at all.
        USER_NOT_FOUND: CODE_MESSAGES.wrong,
        INVALID_EMAIL: CODE_MESSAGES.wrong,
      });
    }
    throw error;
  }
}
