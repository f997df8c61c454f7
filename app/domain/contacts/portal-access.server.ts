// Portal access: a contact with an email gets an account of its own (role
// `client`, no password: it signs in with a mailed code) linked by
// contacts.user_id. Removing access deletes that account, and with it every
// session, so the person is signed out at their next request.
import { and, eq, sql } from "drizzle-orm";
import type { CodeSignIn } from "~/.server/auth/access";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isUniqueViolation } from "~/.server/db/errors";
import { appOrigin } from "~/.server/env";
import { logger } from "~/.server/logger";
import { sendMail } from "~/.server/mail";
import { recordAudit, type AuditActor } from "../audit/audit.server";
import { InvalidInputError, NotFoundError } from "../errors";
import { brandedMail } from "../company/branded-mail.server";

const { contacts, user, clients } = schema;

export const PORTAL_MESSAGES = {
  noEmail: "Add an email address to this contact first: the portal signs in with a code sent to it.",
  staffAddress: "This address belongs to a staff account, which cannot use the client portal.",
  takenAddress: "Another contact already has portal access with this address.",
} as const;

/** The contact behind a portal account, and so the one client whose records it may see. */
export interface PortalContact {
  contactId: string;
  clientId: string;
  name: string;
  email: string;
}

export async function findPortalContact(userId: string): Promise<PortalContact | null> {
  const [row] = await db()
    .select({ contactId: contacts.id, clientId: contacts.clientId, name: contacts.name, email: user.email })
    .from(contacts)
    .innerJoin(user, eq(user.id, contacts.userId))
    .where(and(eq(contacts.userId, userId), eq(user.role, "client")));
  return row ?? null;
}

/**
 * The contact a portal session signs in as: only a session made by a code mailed to the account's
 * address as it is now. A session that recorded none (made before they were recorded, or not by a
 * code) or another address proves nobody: it is refused rather than guessed.
 */
export async function portalContactOfSession(
  user: { id: string; role: string; email: string },
  codeSignIn: CodeSignIn | null,
): Promise<PortalContact | null> {
  if (user.role !== "client" || codeSignIn?.email !== user.email) return null;
  return findPortalContact(user.id);
}

async function lockContact(tx: Tx, contactId: string) {
  const [contact] = await tx
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, userId: contacts.userId })
    .from(contacts)
    .where(eq(contacts.id, contactId))
    .for("update");
  if (!contact) throw new NotFoundError("This contact no longer exists.");
  return contact;
}

/**
 * Gives a contact portal access (or, when it has it, sends the invitation
 * again) and mails the invitation after the commit. An address that already
 * has an account (staff, or another contact's) is refused.
 */
export async function invitePortalContact(
  contactId: string,
  actor: AuditActor,
): Promise<{ email: string; again: boolean }> {
  const result = await db()
    .transaction(async (tx) => {
      await withActor(tx);
      const contact = await lockContact(tx, contactId);
      const email = contact.email?.trim().toLowerCase();
      if (!email) throw new InvalidInputError(PORTAL_MESSAGES.noEmail);
      if (contact.userId) return { email, name: contact.name, again: true };
      const [existing] = await tx
        .select({ role: user.role })
        .from(user)
        .where(sql`lower(${user.email}) = ${email}`);
      if (existing)
        throw new InvalidInputError(
          existing.role === "client" ? PORTAL_MESSAGES.takenAddress : PORTAL_MESSAGES.staffAddress,
        );
      const [account] = await tx
        .insert(user)
        .values({ name: contact.name, email, role: "client", emailVerified: false })
        .returning({ id: user.id });
      await tx.update(contacts).set({ userId: account!.id }).where(eq(contacts.id, contactId));
      await recordAudit(
        actor,
        "portal.access-granted",
        { type: "user", id: account!.id, label: email },
        { contactId },
        tx,
      );
      return { email, name: contact.name, again: false };
    })
    .catch((error: unknown) => {
      // Two invitations of one address at once: the second finds it taken.
      if (isUniqueViolation(error)) throw new InvalidInputError(PORTAL_MESSAGES.takenAddress);
      throw error;
    });
  await mailInvitation(result);
  return { email: result.email, again: result.again };
}

async function mailInvitation(invite: { email: string; name: string }) {
  const link = `${appOrigin()}/portal`;
  try {
    const mail = await brandedMail({
      to: invite.email,
      subject: "Your client portal is ready",
      paragraphs: [
        `Hello ${invite.name},`,
        "You now have access to our client portal: follow your projects, see their photos and videos, and read and sign your contracts.",
        `To sign in, open the portal and enter this address (${invite.email}). We will email you a 6-digit code; there is no password to remember.`,
      ],
      action: { label: "Open the client portal", url: link },
      footnote: "If you did not expect this message, you can ignore it.",
    });
    await sendMail(mail);
  } catch (error) {
    // Access is given; staff can send the invitation again.
    logger().error({ err: error, to: invite.email }, "portal access given, but the invitation mail failed");
  }
}

/** Ends a contact's portal access: its account goes, and every session with it. */
export async function removePortalAccess(contactId: string, actor: AuditActor): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const contact = await lockContact(tx, contactId);
    if (!contact.userId) return { name: contact.name };
    await tx.update(contacts).set({ userId: null }).where(eq(contacts.id, contactId));
    await endPortalAccount(tx, contact.userId);
    await recordAudit(
      actor,
      "portal.access-removed",
      { type: "user", id: contact.userId, label: contact.email ?? contact.name },
      { contactId },
      tx,
    );
    return { name: contact.name };
  });
}

/** Deletes a portal account (never a staff one): sessions cascade with it. */
export async function endPortalAccount(tx: Tx, userId: string): Promise<void> {
  await tx.delete(user).where(and(eq(user.id, userId), eq(user.role, "client")));
}

/** The name of the client whose records a portal account sees (the portal's heading). */
export async function portalClientName(clientId: string): Promise<string | null> {
  const [row] = await db().select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name ?? null;
}
