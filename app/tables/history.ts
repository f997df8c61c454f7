// The history of every record: one row per created, changed or deleted row of
// the product's tables, written by a database trigger in the same transaction
// as the change (drizzle/0015_record-history-triggers.sql), with who made it.
// Import batches: one row per CSV import, so the import can be undone whole.
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { declareNotRecords } from "./declare";

/** Deleted records can be restored for this long (their files are kept as long: media:gc). */
export const RESTORE_DAYS = 30;
export const RESTORE_MS = RESTORE_DAYS * 24 * 60 * 60 * 1000;

export const HISTORY_OPERATIONS = ["insert", "update", "delete"] as const;
export type HistoryOperation = (typeof HISTORY_OPERATIONS)[number];

export const recordHistory = pgTable(
  "record_history",
  {
    // A sequence, not a random id: the order of the changes is the order to undo them in.
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** When: the start of the change's transaction (one save, one time). */
    at: timestamp("at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** The change's transaction: the rows one save (or one delete and its cascades) wrote. */
    txId: bigint("tx_id", { mode: "number" }).notNull(),
    /** Who (no foreign key: the name stays whatever becomes of the account). Null: a visitor or a script. */
    actorId: uuid("actor_id"),
    actorName: text("actor_name").notNull(),
    /** The import this change belongs to, if any. */
    batchId: uuid("batch_id"),
    /** The record whose history this is (a client, a project…): a project's images are in the project's. */
    kind: text("kind").notNull(),
    recordId: text("record_id").notNull(),
    /** The row itself: its table and key (a link table's key joins its two ids with "/"). */
    tableName: text("table_name").notNull(),
    rowId: text("row_id").notNull(),
    operation: text("operation", { enum: HISTORY_OPERATIONS }).notNull(),
    /** A delete: the whole row; an update: the changed columns as they were. Column names as in SQL. */
    before: jsonb("before").$type<Record<string, unknown>>(),
    /** An insert: the whole row; an update: the changed columns as they became. */
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (t) => [
    check("record_history_operation_check", sql`${t.operation} in ('insert', 'update', 'delete')`),
    index("record_history_record_idx").on(t.kind, t.recordId, t.id),
    index("record_history_row_idx").on(t.tableName, t.rowId, t.id),
    index("record_history_at_idx").on(t.at),
    index("record_history_actor_idx").on(t.actorId),
    index("record_history_batch_idx").on(t.batchId),
    index("record_history_tx_idx").on(t.txId),
    // Whether a file a deletion or replacement let go is still kept for a restore (media/retained.server.ts).
    index("record_history_before_idx").using("gin", t.before.op("jsonb_path_ops")),
  ],
);

export const recordHistoryDeclaration = declareNotRecords(recordHistory, "the history itself");

export const IMPORT_KINDS = ["clients", "contacts", "projects"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importBatches = pgTable(
  "import_batches",
  {
    id: id(),
    kind: text("kind", { enum: IMPORT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    importedBy: uuid("imported_by").references(() => user.id, { onDelete: "set null" }),
    importedByName: text("imported_by_name").notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp("undone_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check("import_batches_kind_check", sql`${t.kind} in ('clients', 'contacts', 'projects')`),
    index("import_batches_created_at_idx").on(t.createdAt),
  ],
);

export const importBatchesDeclaration = declareNotRecords(importBatches, "the history's imports");
