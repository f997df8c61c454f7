// The audit trail: who changed what about an account, and when. One row per
// change, written in the same transaction as the change where there is one.
import { index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { declareNotRecords } from "./declare";

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    /** Who did it (null once that account is deleted; the name stays in actorName). */
    actorId: uuid("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    /** What was done, as a dotted verb: "account.disabled", "password.reset-requested"… */
    action: text("action").notNull(),
    /** What it was done to: its kind, id and a readable label kept as it was then. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    targetLabel: text("target_label").notNull(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_at_idx").on(t.createdAt), index("audit_log_target_idx").on(t.targetId)],
);

export const auditLogDeclaration = declareNotRecords(auditLog, "the accounts' trail");
