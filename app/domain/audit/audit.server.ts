// The audit trail: every change to an account (access, passwords, two-factor,
// invitations, sign-in settings) is one row saying who, what, to what and when.
// Pass the transaction of the change, so the record and the change commit or
// fail together.
import { desc, sql } from "drizzle-orm";
import { db, type Db, schema, type Tx } from "~/.server/db";

/** Who did it: a signed-in account, or nobody signed in (the forgot-password form). */
export type AuditActor = { id: string; name: string } | null;

export interface AuditTarget {
  type: "user" | "invitation" | "settings";
  id?: string | null;
  /** Kept as it was at the time: an address, a name. */
  label: string;
}

export type AuditAction =
  | "account.access-changed"
  | "account.disabled"
  | "account.enabled"
  | "account.name-changed"
  | "account.email-change-requested"
  | "account.email-changed"
  | "password.changed"
  | "password.reset-requested"
  | "password.reset-asked"
  | "password.reset"
  | "sessions.signed-out"
  | "two-factor.enabled"
  | "two-factor.disabled"
  | "two-factor.recovery-codes-renewed"
  | "two-factor.reset-by-admin"
  | "settings.two-factor-requirement"
  | "invitation.sent"
  | "invitation.revoked"
  | "invitation.accepted"
  | "portal.access-granted"
  | "portal.access-removed";

export const ANONYMOUS_ACTOR = "Someone not signed in";

export async function recordAudit(
  actor: AuditActor,
  action: AuditAction,
  target: AuditTarget,
  details: Record<string, unknown> = {},
  tx: Tx | Db = db(),
): Promise<void> {
  await tx.insert(schema.auditLog).values({
    actorId: actor?.id ?? null,
    actorName: actor?.name ?? ANONYMOUS_ACTOR,
    action,
    targetType: target.type,
    targetId: target.id ?? null,
    targetLabel: target.label,
    details,
  });
}

export interface AuditEntry {
  id: string;
  actorName: string;
  action: string;
  targetLabel: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

/** The newest entries first (`page` from 1), with the total. */
export async function listAudit(page = 1, pageSize = 50): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await db()
    .select({
      id: schema.auditLog.id,
      actorName: schema.auditLog.actorName,
      action: schema.auditLog.action,
      targetLabel: schema.auditLog.targetLabel,
      details: schema.auditLog.details,
      createdAt: schema.auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(schema.auditLog)
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(pageSize)
    .offset((Math.max(1, page) - 1) * pageSize);
  return { entries: rows.map(({ total: _total, ...entry }) => entry), total: rows[0]?.total ?? 0 };
}
