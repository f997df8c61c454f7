// Contracts: one project's agreement, from draft to signed, with an optional
// signed PDF kept under private/ (never publicly served).
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, timestamps, id } from "./columns";
import { projects } from "./projects";

export const CONTRACT_STATUSES = ["draft", "sent", "signed"] as const;

export const contracts = pgTable(
  "contracts",
  {
    id: id(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "restrict" }),
    title: text("title"),
    status: text("status", { enum: CONTRACT_STATUSES }).notNull().default("draft"),
    dateSent: date("date_sent"),
    dateSigned: date("date_signed"),
    notes: text("notes"),
    documentKey: text("document_key"),
    /** The document's file name as uploaded, made safe for a download header. */
    documentName: text("document_name"),
    documentBytes: integer("document_bytes"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("contracts_status_check", sql`${t.status} in ('draft', 'sent', 'signed')`),
    index("contracts_project_id_idx").on(t.projectId),
    index("contracts_created_at_idx").on(t.createdAt),
  ],
);

// A contract document stored and waiting for the contract form that will use
// it, like `uploads` for images: saving the form claims the row (deletes it in
// the form's transaction) and copies its key into the contract, so a stored
// file always has a row; rows left unclaimed for a day are removed by media:gc.
export const contractUploads = pgTable(
  "contract_uploads",
  {
    id: id(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    bytes: integer("bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("contract_uploads_bytes_check", sql`${t.bytes} > 0`),
    index("contract_uploads_created_at_idx").on(t.createdAt),
  ],
);
