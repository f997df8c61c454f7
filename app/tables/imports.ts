// Import sessions: a CSV import between its steps (upload, mapping, preview,
// the import and its outcome), kept in the database so each step may land on
// any instance (decision 0099). Short-lived: an hour, a few per person, then
// deleted (app/domain/import/sessions.server.ts). Not a record: no history.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { IMPORT_KINDS } from "./history";
import { declareNotRecords } from "./declare";

export const IMPORT_JOB_STATES = ["running", "done", "failed"] as const;
export type ImportJobState = (typeof IMPORT_JOB_STATES)[number];

/** The bytes of a file's text a session keeps at most (the upload's own cap, 10 MB). */
export const IMPORT_SESSION_MAX_BYTES = 10 * 1024 * 1024;

export const importSessions = pgTable(
  "import_sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: IMPORT_KINDS }).notNull(),
    fileName: text("file_name").notNull(),
    /** The file's text (UTF-8, without its byte-order mark), read again for each plan. */
    csv: text("csv").notNull(),
    headers: jsonb("headers").$type<string[]>().notNull(),
    /** A few values of each column, for the mapping step. */
    examples: jsonb("examples").$type<string[]>().notNull(),
    rowCount: integer("row_count").notNull(),
    /** One field key (or "") per column. */
    mapping: jsonb("mapping").$type<string[]>().notNull(),
    createdAt: createdAt(),
    /** The import, once started: null before (and after a failed one is cleared to try again). */
    jobState: text("job_state", { enum: IMPORT_JOB_STATES }),
    jobProgress: real("job_progress").notNull().default(0),
    /** The batch the import writes: once it exists, the import is done (it commits with it). */
    jobBatchId: uuid("job_batch_id"),
    jobMessage: text("job_message"),
    /** The process running it, and when it last said so (a job whose process stopped is cut short). */
    jobInstance: text("job_instance"),
    jobHeartbeatAt: timestamp("job_heartbeat_at", { withTimezone: true, precision: 3 }),
  },
  (t) => [
    check("import_sessions_kind_check", sql`${t.kind} in ('clients', 'contacts', 'projects')`),
    check("import_sessions_job_state_check", sql`${t.jobState} in ('running', 'done', 'failed')`),
    check("import_sessions_size_check", sql`octet_length(${t.csv}) <= ${sql.raw(String(IMPORT_SESSION_MAX_BYTES))}`),
    index("import_sessions_user_idx").on(t.userId, t.createdAt),
    index("import_sessions_created_at_idx").on(t.createdAt),
  ],
);

export const importSessionsDeclaration = declareNotRecords(
  importSessions,
  "an import between its steps (an hour at most)",
);
