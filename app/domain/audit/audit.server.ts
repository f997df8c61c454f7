// The audit trail: every change to an account (access, passwords, two-factor,
// invitations, sign-in settings) is one row saying who, what, to what and when.
// Pass the transaction of the change, so the record and the change commit or
// fail together.
import { and, count, desc, eq, isNull, like, not, or, type SQL, sql } from "drizzle-orm";
import { db, type Db, schema, type Tx } from "~/.server/db";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import type { AuditQuery } from "./schema";

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

/** What Team → Activity lists: by default, no request from someone not signed in. */
function auditFilters(query: AuditQuery): SQL | undefined {
  const { auditLog } = schema;
  return and(
    query.anonymous === "1" ? undefined : not(and(isNull(auditLog.actorId), eq(auditLog.actorName, ANONYMOUS_ACTOR))!),
    query.person
      ? or(
          eq(auditLog.actorId, query.person),
          and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, query.person)),
        )
      : undefined,
    query.kind ? like(auditLog.action, `${query.kind}.%`) : undefined,
  );
}

/** One page of the trail, newest first. */
export async function listAudit(query: AuditQuery & { page: number }): Promise<Paginated<AuditEntry>> {
  const { auditLog } = schema;
  const rows = await db()
    .select({
      id: auditLog.id,
      actorName: auditLog.actorName,
      action: auditLog.action,
      targetLabel: auditLog.targetLabel,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(auditLog)
    .where(auditFilters(query))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  return pageOf(rows, query.page, async () => {
    const [row] = await db().select({ n: count() }).from(auditLog).where(auditFilters(query));
    return row?.n ?? 0;
  });
}
