// Proposals: a priced design for one client (and, once won, its project),
// started from scratch, a template or an inquiry. Its content is kept by
// version: the one draft (sent_at null) is what staff edit; sending freezes it
// (content, totals, the currency and locale, the SHA-256 of the content) and
// a later edit starts the next version. The buyer's side (views, the changes
// thread, the acceptance or decline) is written by the client portal.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients, contacts } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { contracts } from "./contracts";
import { declareParts, declareRecords } from "./declare";
import { playgroundOptions, projectImages, projects } from "./projects";
import { inquiries } from "./sales";

export const PROPOSAL_STATUSES = [
  "draft",
  "sent",
  "viewed",
  "accepted",
  "declined",
  "changes_requested",
  "expired",
  "withdrawn",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

const quotedList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(", "));
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
/** Minor units of the currency (totals.ts): below 2^53, so a JavaScript number holds them exactly. */
const minor = (name: string) => bigint(name, { mode: "number" });

export const proposals = pgTable(
  "proposals",
  {
    id: id(),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "restrict" }),
    /** The project it is for: chosen by staff, or made when the proposal is accepted. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** The inquiry it answers ("Create proposal" on an inquiry): the pipeline shows it, acceptance wins it. */
    inquiryId: uuid("inquiry_id").references(() => inquiries.id, { onDelete: "set null" }),
    /** The contract its acceptance made. */
    contractId: uuid("contract_id").references(() => contracts.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    status: text("status", { enum: PROPOSAL_STATUSES }).notNull().default("draft"),
    /** The last day it may be accepted (then it expires). */
    validUntil: date("valid_until"),
    /** The staff member following it up: live updates and mail about the buyer's answers go to them. */
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    /** When it was withdrawn by staff, or expired. */
    closedAt: at("closed_at"),
    ...timestamps(),
  },
  (t) => [
    check("proposals_status_check", sql`${t.status} in (${quotedList(PROPOSAL_STATUSES)})`),
    check("proposals_title_check", sql`btrim(${t.title}) <> '' and char_length(${t.title}) <= 200`),
    index("proposals_client_id_idx").on(t.clientId),
    index("proposals_project_id_idx").on(t.projectId),
    index("proposals_inquiry_id_idx").on(t.inquiryId),
    index("proposals_status_idx").on(t.status),
    index("proposals_created_at_idx").on(t.createdAt),
  ],
);

export const proposalsDeclaration = declareRecords(proposals, {
  kind: "proposal",
  noun: "proposal",
  plural: "Proposals",
  page: "routes/admin/proposals/detail",
  path: "/admin/proposals/:id",
  label: proposals.title,
  public: false,
});

/**
 * A version's content (domain/proposals/content.ts holds its shape): the
 * introduction, terms, design media and sections and lines, each catalogue
 * line with its option's name, description and picture as they were when added.
 */
export type ProposalVersionContent = Record<string, unknown>;

export const proposalVersions = pgTable(
  "proposal_versions",
  {
    id: id(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    /** v1, v2…, in order of creation; a sent one never changes. */
    number: integer("number").notNull(),
    content: jsonb("content").$type<ProposalVersionContent>().notNull(),
    /** The company's money format when it was last saved; frozen with it when sent. */
    currency: text("currency").notNull(),
    locale: text("locale").notNull(),
    /** Without the optional lines, and with all of them (totals.ts, on the server). */
    total: minor("total").notNull().default(0),
    totalWithOptional: minor("total_with_optional").notNull().default(0),
    lineCount: integer("line_count").notNull().default(0),
    /** SHA-256 (hex) of the content as sent: the acceptance and its certificate name it. */
    contentSha256: text("content_sha256"),
    sentAt: at("sent_at"),
    sentBy: uuid("sent_by").references(() => user.id, { onDelete: "set null" }),
    /** Who sent it, as they were then. */
    sentByName: text("sent_by_name"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("proposal_versions_number_check", sql`${t.number} >= 1`),
    check("proposal_versions_currency_check", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "proposal_versions_totals_check",
      sql`${t.total} between 0 and 999999999999999 and ${t.totalWithOptional} between ${t.total} and 999999999999999`,
    ),
    check("proposal_versions_sent_check", sql`(${t.sentAt} is null) = (${t.contentSha256} is null)`),
    uniqueIndex("proposal_versions_number_key").on(t.proposalId, t.number),
    // One draft at a time: editing a sent proposal starts the next version.
    uniqueIndex("proposal_versions_one_draft_key")
      .on(t.proposalId)
      .where(sql`${t.sentAt} is null`),
  ],
);

export const proposalVersionsDeclaration = declareParts(proposalVersions, {
  of: [proposalVersions.proposalId],
  noun: "version",
  label: proposalVersions.number,
  public: false,
});

export const PROPOSAL_MEDIA_KINDS = ["design", "line"] as const;

// The pictures a proposal shows: design renders and files chosen from its
// project's media or uploaded, and the catalogue pictures its lines copied in.
// Each keeps its own copy of the key and size, so a later change to the
// project or the catalogue does not rewrite a sent version.
export const proposalMedia = pgTable(
  "proposal_media",
  {
    id: id(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: PROPOSAL_MEDIA_KINDS }).notNull(),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    caption: text("caption"),
    /** Where it came from, if from the project's media or the catalogue. */
    projectImageId: uuid("project_image_id").references(() => projectImages.id, { onDelete: "set null" }),
    optionId: uuid("option_id").references(() => playgroundOptions.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("proposal_media_kind_check", sql`${t.kind} in ('design', 'line')`),
    check("proposal_media_size_check", sql`${t.width} > 0 and ${t.height} > 0`),
    index("proposal_media_proposal_id_idx").on(t.proposalId),
  ],
);

export const proposalMediaDeclaration = declareParts(proposalMedia, {
  of: [proposalMedia.proposalId],
  noun: "picture",
  label: proposalMedia.caption,
  public: false,
});

// Who a version was mailed to: contacts of the proposal's client, as they were then.
export const proposalRecipients = pgTable(
  "proposal_recipients",
  {
    versionId: uuid("version_id")
      .notNull()
      .references(() => proposalVersions.id, { onDelete: "cascade" }),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.versionId, t.contactId] }),
    index("proposal_recipients_proposal_id_idx").on(t.proposalId),
    index("proposal_recipients_contact_id_idx").on(t.contactId),
  ],
);

export const proposalRecipientsDeclaration = declareParts(proposalRecipients, {
  of: [proposalRecipients.proposalId],
  noun: "recipient",
  label: proposalRecipients.name,
  public: false,
  // A sending froze a version and mailed it: undoing it would unfreeze what the buyer holds.
  kept: "A proposal's sending is kept",
});

// Each time a buyer opened a sent version in the portal.
export const proposalViews = pgTable(
  "proposal_views",
  {
    id: id(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .references(() => proposalVersions.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [index("proposal_views_proposal_id_at_idx").on(t.proposalId, t.at)],
);

export const proposalViewsDeclaration = declareParts(proposalViews, {
  of: [proposalViews.proposalId],
  noun: "view",
  label: proposalViews.name,
  public: false,
  kept: "A buyer's views of a proposal are kept",
  // The buyer's side, heard by the owner at once (the notifications listen for it).
  live: "proposal-event",
});

export const PROPOSAL_COMMENT_AUTHORS = ["staff", "client"] as const;

// The changes thread: the buyer asks for changes, staff answer.
export const proposalComments = pgTable(
  "proposal_comments",
  {
    id: id(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    /** The version the comment was written on. */
    versionId: uuid("version_id").references(() => proposalVersions.id, { onDelete: "set null" }),
    author: text("author", { enum: PROPOSAL_COMMENT_AUTHORS }).notNull(),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    /** Who wrote it, as they were then. */
    name: text("name").notNull(),
    body: text("body").notNull(),
    /** A client's comment that asked for changes (the proposal moved to changes requested). */
    requestsChanges: boolean("requests_changes").notNull().default(false),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    check("proposal_comments_author_check", sql`${t.author} in ('staff', 'client')`),
    check("proposal_comments_body_check", sql`btrim(${t.body}) <> '' and char_length(${t.body}) <= 5000`),
    index("proposal_comments_proposal_id_at_idx").on(t.proposalId, t.at),
  ],
);

export const proposalCommentsDeclaration = declareParts(proposalComments, {
  of: [proposalComments.proposalId],
  noun: "comment",
  label: proposalComments.body,
  public: false,
  kept: "A proposal's changes thread is kept",
  live: "proposal-event",
});

export const PROPOSAL_OUTCOMES = ["accepted", "declined"] as const;

// The buyer's answer to a sent version: accepted (the evidence a contract's
// signing keeps, the optional lines chosen and the total accepted, the sealed
// certificate) or declined with a reason. One per sent version.
export const proposalAcceptances = pgTable(
  "proposal_acceptances",
  {
    id: id(),
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => proposals.id, { onDelete: "cascade" }),
    versionId: uuid("version_id")
      .notNull()
      .unique()
      .references(() => proposalVersions.id, { onDelete: "restrict" }),
    outcome: text("outcome", { enum: PROPOSAL_OUTCOMES }).notNull(),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The buyer as they were then. */
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The full name typed as the signature. */
    typedName: text("typed_name"),
    consent: boolean("consent").notNull().default(false),
    /** The words consented to, as shown. */
    consentText: text("consent_text"),
    /** The drawn signature, a PNG as a data URL, if one was drawn. */
    signaturePng: text("signature_png"),
    /** Ids of the version's optional lines ticked. */
    chosenLineIds: jsonb("chosen_line_ids").$type<string[]>().notNull().default([]),
    /** The total with those lines, in minor units of the version's currency. */
    totalAccepted: minor("total_accepted"),
    /** SHA-256 of the version as sent, as the buyer answered it. */
    contentSha256: text("content_sha256").notNull(),
    declineReason: text("decline_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    at: at("at").notNull().defaultNow(),
    /** The accepted version's PDF with the acceptance record, and its sealed copy with the certificate (private/). */
    documentKey: text("document_key"),
    certificateKey: text("certificate_key"),
  },
  (t) => [
    check("proposal_acceptances_outcome_check", sql`${t.outcome} in ('accepted', 'declined')`),
    check(
      "proposal_acceptances_shape_check",
      sql`case ${t.outcome} when 'accepted' then ${t.consent} and btrim(coalesce(${t.typedName}, '')) <> '' and ${t.totalAccepted} is not null else btrim(coalesce(${t.declineReason}, '')) <> '' end`,
    ),
    check("proposal_acceptances_reason_check", sql`char_length(${t.declineReason}) <= 2000`),
    index("proposal_acceptances_proposal_id_idx").on(t.proposalId),
  ],
);

export const proposalAcceptancesDeclaration = declareParts(proposalAcceptances, {
  of: [proposalAcceptances.proposalId],
  noun: "acceptance",
  label: proposalAcceptances.typedName,
  public: false,
  kept: "A buyer's acceptance or decline is kept",
  live: "proposal-event",
});

// A proposal's usual content to start another from: introduction, sections
// and lines (in the version content's shape, without pictures), terms.
export const proposalTemplates = pgTable(
  "proposal_templates",
  {
    id: id(),
    name: text("name").notNull().unique(),
    content: jsonb("content").$type<ProposalVersionContent>().notNull(),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [check("proposal_templates_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`)],
);

export const proposalTemplatesDeclaration = declareRecords(proposalTemplates, {
  kind: "proposal-template",
  noun: "proposal template",
  plural: "Proposal templates",
  page: "routes/admin/proposals/template",
  path: "/admin/proposals/templates/:id",
  label: proposalTemplates.name,
  public: false,
});
