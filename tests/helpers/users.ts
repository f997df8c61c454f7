// Test accounts made through the real sign-up path, with a session cookie ready to send.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import type { Role } from "~/tables";
import { signIn, signUp } from "~/domain/users/users.server";

export interface TestUser {
  id: string;
  email: string;
  name: string;
  password: string;
  role: Role;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  /** A Cookie header value carrying this user's session. */
  cookie: string;
}

/** "name=value" pairs of Set-Cookie headers, as a browser would send them back. */
export function cookieHeader(setCookies: string[]): string {
  return setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}

/**
 * Signs up (which signs in with email verification off; otherwise signs in
 * next), then sets the role and marks the address verified if asked. Every
 * request reads the role afresh, so the session carries the new one.
 */
export async function createUser(
  options: { role?: Role; email?: string; name?: string; verified?: boolean } = {},
): Promise<TestUser> {
  const email = options.email ?? `user-${crypto.randomBytes(4).toString("hex")}@example.com`;
  const name = options.name ?? "Test Person";
  const password = "correct-horse-battery";
  const outcome = await signUp({ fullName: name, email, password, ip: `test-${crypto.randomUUID()}` });
  if (!outcome.ok) throw new Error(`createUser: ${outcome.message}`);
  const [row] = await db().select().from(schema.user).where(eq(schema.user.email, email));
  if (!row) throw new Error("createUser: no user row");
  if ((options.role && options.role !== row.role) || options.verified) {
    await db()
      .update(schema.user)
      .set({ role: options.role ?? row.role, emailVerified: options.verified ?? row.emailVerified })
      .where(eq(schema.user.id, row.id));
  }
  const signedIn =
    outcome.setCookies.length > 0 ? outcome : await signIn({ email, password, ip: `test-${crypto.randomUUID()}` });
  if (!signedIn.ok) throw new Error(`createUser: sign-in refused: ${signedIn.message}`);
  return {
    id: row.id,
    email,
    name,
    password,
    role: options.role ?? row.role,
    emailVerified: options.verified ?? row.emailVerified,
    twoFactorEnabled: false,
    cookie: cookieHeader(signedIn.setCookies),
  };
}

/** A Request as the browser would send it, optionally signed in. */
export function request(path: string, init: RequestInit & { user?: TestUser } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.user) headers.set("Cookie", init.user.cookie);
  return new Request(new URL(path, "http://localhost:3000"), { ...init, headers });
}

/** A POSTed form, as <Form method="post"> sends it. */
export function formRequest(path: string, fields: Record<string, string>, user?: TestUser): Request {
  return request(path, { method: "POST", body: new URLSearchParams(fields), user });
}
