// Invitations: an administrator invites an address with a role; the link mailed
// to it lets its holder choose a name and password once, within 7 days, and
// arrive with that role and a verified address (following the link proved it).
// Only a SHA-256 hash of the token is stored; an invitation can be revoked.
import crypto from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { auth } from "~/.server/auth";
import type { SessionUser } from "~/.server/auth/access";
import { sendAccountMail } from "~/.server/auth/account-mail";
import { invitationMail, mailCapRule, mailNotSentMessage } from "./account-mail.server";
import { siteName } from "~/.server/site-name";
import { forgiveAttempt, takeAttempt } from "~/.server/auth/rate-limit";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { appOrigin } from "~/.server/env";
import { recordAudit } from "../audit/audit.server";
import { DuplicateError, NotFoundError } from "../errors";
import { AccessChangeError } from "./admins.server";
import { failure, mailCapReached, type Refused } from "./outcome.server";
import type { INVITABLE_ROLES } from "./schema";
import { signIn } from "./users.server";

const DAY = 24 * 60 * 60 * 1000;
export const INVITATION_DAYS = 7;

export const INVITATION_INVALID =
  "This invitation is invalid, has expired, has been revoked or has been used. Ask the person who invited you for a new one.";

type InvitableRole = (typeof INVITABLE_ROLES)[number];

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Still usable: not accepted, not revoked, not expired. */
const open = () =>
  and(
    isNull(schema.invitation.acceptedAt),
    isNull(schema.invitation.revokedAt),
    gt(schema.invitation.expiresAt, sql`now()`),
  );

function assertAdmin(actor: SessionUser) {
  if (actor.role !== "admin") throw new AccessChangeError("Only administrators can change access.");
}

/**
 * Mails an invitation; an earlier open one to the same address stops working.
 * Past the administrators' mail cap for the address, or when the mail server
 * does not take it, the administrator is told and no invitation stays open.
 */
export async function invite(
  actor: SessionUser,
  input: { email: string; role: InvitableRole },
): Promise<{ ok: true } | Refused> {
  assertAdmin(actor);
  const email = input.email.toLowerCase();
  const token = crypto.randomBytes(32).toString("base64url");
  const cap = mailCapRule("admin", email);
  const verdict = await takeAttempt([cap]);
  if (!verdict.allowed) return mailCapReached(email, verdict.retryAfterMs);
  const invitationId = await writeInvitation(actor, { email, role: input.role, token }).catch(
    async (error: unknown) => {
      // Refused (the address has an account): no mail was sent.
      await forgiveAttempt(cap);
      throw error;
    },
  );
  try {
    await sendAccountMail(
      invitationMail({ email, role: input.role, invitedBy: actor.name }, token, appOrigin(), await siteName()),
    );
  } catch {
    // Nobody can use a link that was never sent: it stops working, and the administrator is told.
    await db().update(schema.invitation).set({ revokedAt: new Date() }).where(eq(schema.invitation.id, invitationId));
    return { ok: false, message: mailNotSentMessage(email), status: 503 };
  }
  return { ok: true };
}

/** The invitation row (replacing an open one to the same address) and its audit record, in one transaction. */
async function writeInvitation(
  actor: SessionUser,
  input: { email: string; role: InvitableRole; token: string },
): Promise<string> {
  const { email, token } = input;
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [existing] = await tx.select({ id: schema.user.id }).from(schema.user).where(eq(schema.user.email, email));
    if (existing) throw new DuplicateError("An account with this email already exists.", "email");
    await tx
      .update(schema.invitation)
      .set({ revokedAt: new Date() })
      .where(and(eq(schema.invitation.email, email), open()));
    const [row] = await tx
      .insert(schema.invitation)
      .values({
        email,
        role: input.role,
        tokenHash: hashOf(token),
        invitedBy: actor.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY),
      })
      .returning({ id: schema.invitation.id });
    await recordAudit(
      actor,
      "invitation.sent",
      { type: "invitation", id: row!.id, label: email },
      { role: input.role },
      tx,
    );
    return row!.id;
  });
}

export async function listOpenInvitations() {
  return db()
    .select({
      id: schema.invitation.id,
      email: schema.invitation.email,
      role: schema.invitation.role,
      expiresAt: schema.invitation.expiresAt,
    })
    .from(schema.invitation)
    .where(open())
    .orderBy(asc(schema.invitation.expiresAt));
}

export async function revokeInvitation(actor: SessionUser, invitationId: string): Promise<{ email: string }> {
  assertAdmin(actor);
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [revoked] = await tx
      .update(schema.invitation)
      .set({ revokedAt: new Date() })
      .where(and(eq(schema.invitation.id, invitationId), open()))
      .returning({ id: schema.invitation.id, email: schema.invitation.email });
    if (!revoked) throw new NotFoundError("That invitation was already used, revoked or expired.");
    await recordAudit(
      actor,
      "invitation.revoked",
      { type: "invitation", id: revoked.id, label: revoked.email },
      {},
      tx,
    );
    return revoked;
  });
}

/** The open invitation a link carries, with who sent it. */
export async function findInvitation(token: string) {
  if (!token) return undefined;
  const [found] = await db()
    .select({ email: schema.invitation.email, role: schema.invitation.role, invitedBy: schema.user.name })
    .from(schema.invitation)
    .leftJoin(schema.user, eq(schema.user.id, schema.invitation.invitedBy))
    .where(and(eq(schema.invitation.tokenHash, hashOf(token)), open()));
  return found;
}

/**
 * Creates the account (better-auth's admin createUser hashes the password),
 * gives it the invitation's role and a verified address, and signs it in. The
 * invitation is claimed first, so two submissions of one link cannot both
 * make an account; if making the account fails, the claim is released.
 */
export async function acceptInvitation(input: {
  token: string;
  name: string;
  password: string;
  ip: string;
  userAgent?: string | null;
}): Promise<{ ok: true; setCookies: string[] } | Refused> {
  const [claimed] = await db()
    .update(schema.invitation)
    .set({ acceptedAt: new Date() })
    .where(and(eq(schema.invitation.tokenHash, hashOf(input.token)), open()))
    .returning({ id: schema.invitation.id, email: schema.invitation.email, role: schema.invitation.role });
  if (!claimed) return { ok: false, message: INVITATION_INVALID, status: 410 };
  const release = () =>
    db().update(schema.invitation).set({ acceptedAt: null }).where(eq(schema.invitation.id, claimed.id));

  const [taken] = await db()
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, claimed.email));
  if (taken) {
    await release();
    return { ok: false, message: "This address already has an account: sign in instead.", status: 409 };
  }
  let userId: string;
  try {
    const { user } = await (
      await auth()
    ).api.createUser({ body: { email: claimed.email, password: input.password, name: input.name } });
    userId = user.id;
  } catch (error) {
    await release();
    return failure(error);
  }
  await db().transaction(async (tx) => {
    await withActor(tx);
    await tx.update(schema.user).set({ role: claimed.role, emailVerified: true }).where(eq(schema.user.id, userId));
    await tx.update(schema.invitation).set({ acceptedBy: userId }).where(eq(schema.invitation.id, claimed.id));
    await recordAudit(
      { id: userId, name: input.name },
      "invitation.accepted",
      { type: "user", id: userId, label: claimed.email },
      { role: claimed.role },
      tx,
    );
  });
  const signedIn = await signIn({
    email: claimed.email,
    password: input.password,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  if (!signedIn.ok) return signedIn;
  return { ok: true, setCookies: signedIn.setCookies };
}
