// Accounts: sign-in, sign-up and sign-out through better-auth, with our rate
// limits; the Team list and role changes (admins only).
import { and, asc, count, eq, ne } from "drizzle-orm";
import { auth, isAuthApiError } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { clearRateLimit, hitRateLimits, tooManyAttemptsMessage } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import type { Role } from "~/.server/db/schema";
import { env } from "~/.server/env";
import { InvalidInputError } from "../errors";

const MINUTE = 60_000;

export type AuthResult =
  { ok: true; setCookies: string[]; needsVerification: boolean } | { ok: false; message: string; status: number };

function failure(error: unknown): AuthResult {
  if (isAuthApiError(error)) {
    const message = error.body?.message ?? error.message;
    return { ok: false, message, status: error.statusCode };
  }
  throw error;
}

export async function signIn(input: { email: string; password: string; ip: string }): Promise<AuthResult> {
  const emailKey = `sign-in:email:${input.email}`;
  const verdict = await hitRateLimits([
    { key: `sign-in:ip:${input.ip}`, limit: 30, windowMs: 15 * MINUTE },
    { key: emailKey, limit: 8, windowMs: 15 * MINUTE },
  ]);
  if (!verdict.allowed) return { ok: false, message: tooManyAttemptsMessage(verdict.retryAfterMs), status: 429 };
  try {
    const { headers } = await (
      await auth()
    ).api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      returnHeaders: true,
    });
    await clearRateLimit(emailKey);
    return { ok: true, setCookies: headers.getSetCookie(), needsVerification: false };
  } catch (error) {
    return failure(error);
  }
}

export async function signUp(input: {
  fullName: string;
  email: string;
  password: string;
  ip: string;
}): Promise<AuthResult> {
  const verdict = await hitRateLimits([
    { key: `sign-up:ip:${input.ip}`, limit: 10, windowMs: 60 * MINUTE },
    { key: `sign-up:email:${input.email}`, limit: 5, windowMs: 60 * MINUTE },
  ]);
  if (!verdict.allowed) return { ok: false, message: tooManyAttemptsMessage(verdict.retryAfterMs), status: 429 };
  try {
    const { headers, response } = await (
      await auth()
    ).api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
      returnHeaders: true,
    });
    return { ok: true, setCookies: headers.getSetCookie(), needsVerification: !response.token };
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
