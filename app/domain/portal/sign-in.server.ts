// Signing in to the client portal: an address asks for a 6-digit code, the
// code signs in. Every request makes a code of its own for the browser that
// asked (its sign-in step names it): a request from elsewhere neither replaces
// it nor can try it, so nobody can lock a client out (docs/security.md). Both
// steps answer the same whether or not the address has portal access, also in
// the work done (decision 0094); codes reach portal accounts only (never
// staff, who would skip their password and second factor), and both steps are
// limited per network in the database (app/.server/auth/rate-limit.ts).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import { clientHeaders } from "~/.server/auth/client-headers";
import { readKnownDevice, rememberDevice } from "~/.server/auth/known-device";
import { addressKey } from "~/.server/auth/address-key";
import { type BackoffRule, clearRateLimit, forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { secretHash } from "~/.server/auth/secret";
import { db, schema } from "~/.server/db";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { knownDeviceFor, recordSignIn } from "../users/users.server";
import { failure, type Refused, tooManyAttempts } from "../users/outcome.server";
import { brandedMail } from "../company/branded-mail.server";
import { PORTAL_CODE_ATTEMPTS, PORTAL_CODE_LENGTH, PORTAL_CODE_TTL_SECONDS } from "./schema";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const CODE_MESSAGES = {
  wrong: "That code is not right. Check the latest email from us, or ask for a new code.",
  expired: "This code has expired. Ask for a new code.",
  spent: "Too many wrong tries for this code. Ask for a new code.",
} as const;

// Codes asked for: per network and address, per network, and per address alone with a much higher
// ceiling (nobody floods one inbox), on which a browser the account signed in from before counts on
// its own key (decision 0033's known devices): strangers on many networks never stop the client's own browser.
function sendRules(email: string, network: string, knownDevice: string | null): BackoffRule[] {
  const backoff = { baseDelayMs: MINUTE, maxDelayMs: HOUR, forgetAfterMs: DAY };
  return [
    { key: `portal-code:net-email:${network}:${email}`, freeFailures: 5, ...backoff },
    { key: `portal-code:net:${network}`, freeFailures: 30, ...backoff },
    knownDevice
      ? { key: `portal-code:device:${knownDevice}:${email}`, freeFailures: 10, ...backoff }
      : { key: `portal-code:email:${email}`, freeFailures: 30, ...backoff },
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

/** The portal account of this address, if it may sign in (a client's, not disabled, still linked). */
async function portalAccountId(email: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .innerJoin(schema.contacts, eq(schema.contacts.userId, schema.user.id))
    .where(and(eq(schema.user.email, email), eq(schema.user.role, "client"), eq(schema.user.banned, false)));
  return row?.id ?? null;
}

// A code waits in better-auth's verification table (pruned with its own rows when expired), under the id of
// the request that made it, which only the sign-in step cookie of the browser that asked carries.
const { verification } = schema;
const codeKey = (attempt: string) => `portal-code-${attempt}`;

interface StoredCode {
  email: string;
  /** Keyed with the auth secret, and bound to the request and the address. */
  hash: string;
  tries: number;
  /** When it was mailed (null: never mailed, the address has no portal access): what the certificate states. */
  mailedAt: string | null;
}

const codeHash = (attempt: string, email: string, code: string) =>
  secretHash("portal-sign-in-code", `${attempt}:${email}:${code}`);

export interface CodeRequest {
  email: string;
  ip: string;
  /** The request's Cookie header: a known-device cookie in it has its own count. */
  cookie?: string | null;
  /** The code this browser asked for before, which the new one replaces. */
  replaces?: string | null;
}

/**
 * Mails a sign-in code when the address has portal access; answers `ok` with
 * the id of this request (the browser keeps it for the code step) either way
 * (the form says "if this address has access…"). The code is made and mailed
 * after the answer, never waited for: before it, every address costs the same
 * work (the limits and one lookup), so how long the answer takes cannot tell
 * who has access.
 */
export async function requestPortalCode(input: CodeRequest): Promise<{ ok: true; attempt: string } | Refused> {
  const email = input.email.trim().toLowerCase();
  const device = await knownDeviceFor(await readKnownDevice(input.cookie), email);
  const verdict = await takeAttempt(sendRules(email, addressKey(input.ip), device));
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  const portal = (await portalAccountId(email)) !== null;
  const attempt = crypto.randomUUID();
  const made = new Promise((resolve) => setImmediate(resolve)).then(() =>
    makeCode({ attempt, email, mail: portal, replaces: input.replaces ?? null }),
  );
  codesBeingMade.add(made);
  void made.finally(() => codesBeingMade.delete(made));
  return { ok: true, attempt };
}

/** Codes asked for and not yet stored and mailed: they are made after the answer. */
const codesBeingMade = new Set<Promise<void>>();

/** Resolves once every code asked for so far is stored (and mailed, for a portal account). */
export async function codesMade(): Promise<void> {
  await Promise.all(codesBeingMade);
}

/**
 * Every address asked for gets a code, so that trying one costs the same for
 * every address (signInWithPortalCode); only a portal account's is mailed.
 * The others' are never shown to anyone and sign nobody in.
 */
async function makeCode(request: { attempt: string; email: string; mail: boolean; replaces: string | null }) {
  const { attempt, email, mail } = request;
  try {
    const code = String(crypto.randomInt(0, 10 ** PORTAL_CODE_LENGTH)).padStart(PORTAL_CODE_LENGTH, "0");
    if (request.replaces)
      await db()
        .delete(verification)
        .where(eq(verification.identifier, codeKey(request.replaces)));
    const stored: StoredCode = {
      email,
      hash: codeHash(attempt, email, code),
      tries: 0,
      mailedAt: mail ? new Date().toISOString() : null,
    };
    await db()
      .insert(verification)
      .values({
        identifier: codeKey(attempt),
        value: JSON.stringify(stored),
        expiresAt: new Date(Date.now() + PORTAL_CODE_TTL_SECONDS * 1000),
      });
    if (!mail) return;
    await sendMail(
      await brandedMail({
        to: email,
        subject: `${code} is your sign-in code`,
        paragraphs: [
          `Your code to sign in to the client portal is ${code}.`,
          "It is valid for 10 minutes and works once, in the browser that asked for it; asking again there sends a new code that replaces this one.",
        ],
        footnote: "If you did not ask to sign in, you can ignore this message: nobody can sign in without the code.",
      }),
    ).catch(async (error: unknown) => {
      // Never mailed: nobody has it.
      await db()
        .delete(verification)
        .where(eq(verification.identifier, codeKey(attempt)));
      throw error;
    });
  } catch (error) {
    logger().error({ err: error, to: email }, "portal sign-in code not made or not mailed");
  }
}

type CodeVerdict = { right: true; mailedAt: string | null } | { right: false; answer: keyof typeof CODE_MESSAGES };

/**
 * Tries `code` against the code this browser's request made. The try is counted by the statement that
 * reads the code, so that simultaneous guesses each count; one statement whoever the address, so a
 * wrong code costs every address the same. A right one is spent by its use.
 */
async function tryCode(attempt: string, email: string, code: string): Promise<CodeVerdict> {
  const [row] = await db()
    .update(verification)
    .set({
      value: sql`jsonb_set(${verification.value}::jsonb, '{tries}', to_jsonb((${verification.value}::jsonb ->> 'tries')::int + 1))::text`,
    })
    .where(eq(verification.identifier, codeKey(attempt)))
    .returning({ value: verification.value, expired: sql<boolean>`${verification.expiresAt} < now()` });
  if (!row) return { right: false, answer: "wrong" };
  if (row.expired) return { right: false, answer: "expired" };
  const stored = JSON.parse(row.value) as StoredCode;
  if (stored.tries > PORTAL_CODE_ATTEMPTS) return { right: false, answer: "spent" };
  const given = Buffer.from(codeHash(attempt, email, code));
  const kept = Buffer.from(stored.hash);
  if (stored.email !== email || given.length !== kept.length || !crypto.timingSafeEqual(given, kept)) {
    return { right: false, answer: "wrong" };
  }
  // Of two right tries at once, only the one that takes the code goes on.
  const taken = await db()
    .delete(verification)
    .where(eq(verification.identifier, codeKey(attempt)))
    .returning({ id: verification.id });
  return taken.length ? { right: true, mailedAt: stored.mailedAt } : { right: false, answer: "wrong" };
}

const refusal = (answer: keyof typeof CODE_MESSAGES): Refused => ({
  ok: false,
  message: CODE_MESSAGES[answer],
  status: answer === "spent" ? 403 : 400,
});

export type CodeSignInResult = { ok: true; setCookies: string[] } | Refused;

export async function signInWithPortalCode(input: {
  /** The request that made the code: the sign-in step cookie of the browser that asked. */
  attempt: string;
  email: string;
  code: string;
  ip: string;
  userAgent?: string | null;
  cookie?: string | null;
}): Promise<CodeSignInResult> {
  const email = input.email.trim().toLowerCase();
  const rules = verifyRules(email, addressKey(input.ip));
  const verdict = await takeAttempt([rules.account, rules.network]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  const tried = await tryCode(input.attempt, email, input.code);
  if (!tried.right) return refusal(tried.answer);
  // Only a mailed code's reader gets here. An unknown or staff address's code was mailed to nobody: even
  // right, it gets the wrong code's answer, and better-auth is never asked (it would touch the account).
  if (!tried.mailedAt || !(await portalAccountId(email))) return refusal("wrong");
  try {
    const { headers, response } = await startSession(email, input);
    // What this session proved, for the portal to check and the certificate to state.
    await db()
      .update(schema.session)
      .set({ codeEmail: email, codeMailedAt: new Date(tried.mailedAt) })
      .where(eq(schema.session.token, response.token));
    await clearRateLimit(rules.account.key);
    await forgiveAttempt(rules.network);
    await recordSignIn(response.user.id);
    const device = await rememberDevice(await readKnownDevice(input.cookie), response.user.id);
    return { ok: true, setCookies: [...headers.getSetCookie(), device] };
  } catch (error) {
    if (isAuthApiError(error)) return failure(error, { INVALID_OTP: CODE_MESSAGES.wrong });
    throw error;
  }
}

/**
 * better-auth starts the session with a code of its own made for it and taken
 * at once: its sign-in finds the account, and its session.create hook lets
 * only client accounts sign in with a code.
 */
async function startSession(email: string, input: { ip: string; userAgent?: string | null }) {
  const api = (await auth()).api;
  for (let round = 1; ; round++) {
    const otp = await api.createVerificationOTP({ body: { email, type: "sign-in" } });
    try {
      return await api.signInEmailOTP({ body: { email, otp }, headers: clientHeaders(input), returnHeaders: true });
    } catch (error) {
      // Another sign-in of this address in the same instant took the newest code: make another.
      if (round < 3 && isAuthApiError(error) && error.body?.code === "INVALID_OTP") continue;
      throw error;
    }
  }
}
