// Portal accounts for tests, through the real paths: staff invite the contact,
// the code is read from the outbox and signs in.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { vi } from "vitest";
import { db, schema } from "~/.server/db";
import { invitePortalContact } from "~/domain/contacts/portal-access.server";
import { requestPortalCode, signInWithPortalCode } from "~/domain/portal/sign-in.server";
import { mailsTo } from "./outbox";
import { cookieHeader } from "./users";

/**
 * The newest sign-in code mailed to `email` after `seen` codes. The code is made and mailed after
 * the answer, so it is waited for: a worker's first one also starts better-auth (seconds under load).
 */
export async function nextCode(email: string, seen = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const codes = mailsTo(email)
        .map((mail) => mail.subject.match(/^(\d{6}) is your sign-in code$/)?.[1])
        .filter((code): code is string => Boolean(code));
      if (codes.length <= seen) throw new Error(`no new code for ${email}`);
      return codes.at(-1)!;
    },
    { timeout: 20_000, interval: 20 },
  );
}

export function codesMailedTo(email: string): number {
  return mailsTo(email).filter((mail) => /is your sign-in code$/.test(mail.subject)).length;
}

/** Invites the contact if needed and signs in with a mailed code: its account and session cookie. */
export async function portalSession(contactId: string): Promise<{ userId: string; email: string; cookie: string }> {
  const [contact] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, contactId));
  if (!contact?.userId) await invitePortalContact(contactId, null);
  const email = contact!.email!.toLowerCase();
  const ip = `198.51.100.${crypto.randomInt(1, 250)}`;
  const seen = codesMailedTo(email);
  const asked = await requestPortalCode({ email, ip });
  if (!asked.ok) throw new Error(`portalSession: ${asked.message}`);
  const signedIn = await signInWithPortalCode({
    attempt: asked.attempt,
    email,
    code: await nextCode(email, seen),
    ip,
  });
  if (!signedIn.ok) throw new Error(`portalSession: ${signedIn.message}`);
  const [account] = await db().select().from(schema.user).where(eq(schema.user.email, email));
  return { userId: account!.id, email, cookie: cookieHeader(signedIn.setCookies) };
}
