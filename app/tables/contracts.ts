// Contracts: one project's agreement, from draft to signed, with an optional
// PDF kept under private/ (never publicly served). Sent for signature through
// the client portal, a contract has recipients (contacts of the project's
// client) and an event trail; signing there seals a copy with its completion
// certificate (signed_document_key) and leaves the document as sent untouched.
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { contacts } from "./clients";
import { createdAt, timestamps, id } from "./columns";
import { projects } from "./projects";
import { declareNotRecords, declareParts, declareRecords } from "./declare";

export const CONTRACT_STATUSES = ["draft", "sent", "viewed", "signed", "declined", "voided", "expired"] as const;

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

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
    /** Signing through the portal: the last day it may be signed (then it expires). */
    expiresOn: date("expires_on"),
    /** SHA-256 (hex) of the document as it was sent for signature. */
    documentSha256: text("document_sha256"),
    /** The sealed PDF: the document as sent, its completion certificate appended, signed. */
    signedDocumentKey: text("signed_document_key"),
    signedDocumentBytes: integer("signed_document_bytes"),
    /** When the client signed in the portal (date_signed is its day). */
    signedAt: at("signed_at"),
    declinedReason: text("declined_reason"),
    /** The reminder mail of a contract still waiting for its signature went out. */
    reminderSentAt: at("reminder_sent_at"),
    ...timestamps(),
  },
  (t) => [
    check(
      "contracts_status_check",
      sql`${t.status} in ('draft', 'sent', 'viewed', 'signed', 'declined', 'voided', 'expired')`,
    ),
    index("contracts_project_id_idx").on(t.projectId),
    index("contracts_created_at_idx").on(t.createdAt),
  ],
);

export const contractsDeclaration = declareRecords(contracts, {
  kind: "contract",
  noun: "contract",
  plural: "Contracts",
  page: "routes/admin/contracts/edit",
  path: "/admin/contracts/:id/edit",
  label: contracts.title,
  public: false,
});

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

export const contractUploadsDeclaration = declareNotRecords(contractUploads, "pending uploads");

// Who a contract was sent to for signature: contacts of the project's client,
// with the name and address they had when it was sent.
export const contractRecipients = pgTable(
  "contract_recipients",
  {
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.contactId] }),
    index("contract_recipients_contact_id_idx").on(t.contactId),
  ],
);

// Who a contract is sent to (a deleted contract comes back with them).
export const contractRecipientsDeclaration = declareParts(contractRecipients, {
  of: [contractRecipients.contractId],
  noun: "recipient",
  label: contractRecipients.name,
  public: false,
});

export const CONTRACT_EVENT_TYPES = ["sent", "viewed", "signed", "declined", "voided", "expired", "reminded"] as const;
export type ContractEventType = (typeof CONTRACT_EVENT_TYPES)[number];

// What happened to a contract in its signing, one row per event, in the
// transaction of the change: the completion certificate's timeline, the staff
// page's, and (later) what live notifications publish.
export const contractEvents = pgTable(
  "contract_events",
  {
    id: id(),
    contractId: uuid("contract_id")
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    type: text("type", { enum: CONTRACT_EVENT_TYPES }).notNull(),
    at: at("at").notNull().defaultNow(),
    /** The account that acted (staff, or the signer's portal account); kept as text below once it is gone. */
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** Who acted, as they were then ("System" for an expiry or a reminder). */
    name: text("name").notNull(),
    email: text("email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    check(
      "contract_events_type_check",
      sql`${t.type} in ('sent', 'viewed', 'signed', 'declined', 'voided', 'expired', 'reminded')`,
    ),
    index("contract_events_contract_id_at_idx").on(t.contractId, t.at),
  ],
);

export const contractEventsDeclaration = declareParts(contractEvents, {
  of: [contractEvents.contractId],
  noun: "event",
  label: contractEvents.type,
  public: false,
  kept: "A contract's sending or signing is kept",
  // A contract viewed, signed or declined in the client portal: the notifications listen for it.
  live: "contract-event",
});
