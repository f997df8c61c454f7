// Pending uploads: an image stored (original and variants) and waiting for the
// form that will use it. Saving the form claims the row (deletes it in the
// form's transaction) and stores the key in its own row, so a stored file
// always has a row; rows left unclaimed for a day are removed by media:gc.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id } from "./columns";
import { declareNotRecords } from "./declare";

export const PENDING_UPLOAD_KINDS = ["client-logo", "option-image", "company-logo", "proposal-image"] as const;

// Rows are inserted and deleted, never updated, so there is no updated_at.
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    storageKey: text("storage_key").notNull().unique(),
    kind: text("kind", { enum: PENDING_UPLOAD_KINDS }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentType: text("content_type").notNull(),
    bytes: integer("bytes").notNull(),
    uploadedBy: uuid("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("uploads_kind_check", sql`${t.kind} in ('client-logo', 'option-image', 'company-logo', 'proposal-image')`),
    check("uploads_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} > 0`),
    index("uploads_created_at_idx").on(t.createdAt),
  ],
);

export const uploadsDeclaration = declareNotRecords(uploads, "pending uploads");
