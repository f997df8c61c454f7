// Contracts: one project's agreement, from draft to signed.
import { sql } from "drizzle-orm";
import { check, date, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { timestamps, id } from "./columns";
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
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("contracts_status_check", sql`${t.status} in ('draft', 'sent', 'signed')`),
    index("contracts_project_id_idx").on(t.projectId),
    index("contracts_created_at_idx").on(t.createdAt),
  ],
);
