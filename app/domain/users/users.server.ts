// Accounts: sign-in, sign-up and sign-out through better-auth, with our rate
// limits; the Team list and role changes (admins only).
import { and, asc, count, eq, ne } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { type BackoffRule, clearRateLimit, forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { mailsConfirmationLink } from "~/.server/auth/staff-domain";
import { db, schema } from "~/.server/db";
import type { Role } from "~/.server/db/schema";
import { env } from "~/.server/env";
import { InvalidInputError } from "../errors";
import { failure, type Refused, tooManyAttempts } from "./outcome.server";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type SignInResult = { ok: true; setCookies: string[] } | Refused;
/**
 * The same for an address that already has an account as for a new one:
 * "check-email" when a confirmation link is mailed for this address, else
 * "sign-in" (sign-up never signs in, see better-auth.ts).
 */
export type SignUpResult = { ok: true; next: "check-email" | "sign-in" } | Refused;

// Sign-in failures count per address + email (a guesser at one account) and per
// address alone (a guesser at many); never per email alone, which would let
// anyone lock the owner out. Waits double from 30 s up to 15 minutes.
function signInRules(ip: string, email: string) {
  const backoff = { baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY };
  return {
    account: { key: `sign-in:ip-email:${ip}:${email}`, freeFailures: 5, ...backoff },
    address: { key: `sign-in:ip:${ip}`, freeFailures: 30, ...backoff },
  } satisfies Record<string, BackoffRule>;
}

export async function signIn(input: { email: string; password: string; ip: string }): Promise<SignInResult> {
  const rules = signInRules(input.ip, input.email);
  const verdict = await takeAttempt([rules.account, rules.address]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  try {
    const { headers } = await (
      await auth()
    ).api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      returnHeaders: true,
    });
    // A success is not a failure: the account's key starts afresh, the address's forgets this attempt.
    await clearRateLimit(rules.account.key);
    await forgiveAttempt(rules.address);
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    return failure(error);
  }
}

export async function signUp(input: {
  fullName: string;
  email: string;
  password: string;
  ip: string;
}): Promise<SignUpResult> {
  // Every sign-up counts (making accounts is what is limited), per address only:
  // a key on the email would answer differently for some addresses.
  const verdict = await takeAttempt([
    {
      key: `sign-up:ip:${input.ip}`,
      freeFailures: 20,
      baseDelayMs: MINUTE,
      maxDelayMs: 60 * MINUTE,
      forgetAfterMs: DAY,
    },
  ]);
  if (!verdict.allowed) return tooManyAttempts(verdict.retryAfterMs);
  try {
    await (
      await auth()
    ).api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
    });
  } catch (error) {
    return failure(error);
  }
  return { ok: true, next: mailsConfirmationLink(input.email) ? "check-email" : "sign-in" };
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

export async function verifyEmail(token: string): Promise<{ ok: boolean; setCookies: string[] }> {
  try {
    const { headers } = await (await auth()).api.verifyEmail({ query: { token }, returnHeaders: true });
    return { ok: true, setCookies: headers.getSetCookie() };
  } catch (error) {
    if (isAuthApiError(error)) return { ok: false, setCookies: [] };
    throw error;
  }
}

export function requiresEmailVerification(): boolean {
  return env().REQUIRE_EMAIL_VERIFICATION;
}

export async function listAccounts() {
  return db()
    .select({
      id: schema.user.id,
      name: schema.user.name,
      email: schema.user.email,
      role: schema.user.role,
      emailVerified: schema.user.emailVerified,
      createdAt: schema.user.createdAt,
    })
    .from(schema.user)
    .orderBy(asc(schema.user.createdAt));
}

/** A refused change of access (routes answer it like any invalid request: 409 with the message). */
export class RoleChangeError extends InvalidInputError {}

/** Grants or revokes access. Admins only; nobody changes their own role, and one admin always remains. */
export async function setRole(
  actor: SessionUser,
  userId: string,
  role: Role,
): Promise<{ name: string; email: string }> {
  if (actor.role !== "admin") throw new RoleChangeError("Only administrators can change access.");
  if (actor.id === userId) throw new RoleChangeError("You cannot change your own access.");
  return db().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: schema.user.id, name: schema.user.name, email: schema.user.email, role: schema.user.role })
      .from(schema.user)
      .where(eq(schema.user.id, userId))
      .for("update");
    if (!target) throw new RoleChangeError("That account no longer exists.");
    if (target.role === "admin" && role !== "admin") {
      const [others] = await tx
        .select({ n: count() })
        .from(schema.user)
        .where(and(eq(schema.user.role, "admin"), ne(schema.user.id, userId)));
      if (!others?.n) throw new RoleChangeError("At least one administrator must remain.");
    }
    // Every request reads the role afresh, so the change takes effect at once.
    await tx.update(schema.user).set({ role }).where(eq(schema.user.id, userId));
    return { name: target.name, email: target.email };
  });
}
