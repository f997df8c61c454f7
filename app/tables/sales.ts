// Sales: inquiries visitors send from project and gallery pages, and private
// share links staff send before a page is public. Neither is read by a public
// page (both are private to the content-version trigger).
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { clients } from "./clients";
import { createdAt, id, timestamps } from "./columns";
import { galleries } from "./galleries";
import { projects } from "./projects";
import { declareParts, declareRecords } from "./declare";

/** The pipeline's stages, in order (decision 0065). */
export const INQUIRY_STATUSES = ["new", "contacted", "quoted", "won", "lost"] as const;
/** What a timeline entry records: a note, or a move to another stage. */
export const INQUIRY_EVENT_TYPES = ["note", "stage"] as const;

const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const inquiries = pgTable(
  "inquiries",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    organisation: text("organisation").notNull(),
    phone: text("phone"),
    message: text("message").notNull(),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("new"),
    /** Why it was lost: required while the stage is lost (the check below), cleared when it moves on. */
    lostReason: text("lost_reason"),
    /** The staff member following it up. */
    ownerId: uuid("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** When its next step is due: open inquiries due today or earlier are the dashboard's follow-ups. */
    nextActionOn: date("next_action_on"),
    /** The client it became when won (one step: client and contact from the inquiry). */
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "set null" }),
    // Where it came from; the title is kept so a deleted project still says what it was.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    galleryId: uuid("gallery_id").references(() => galleries.id, { onDelete: "set null" }),
    sourceTitle: text("source_title"),
    /** The site whose page framed the form (an origin only, as the browser reported it; counted, never trusted). */
    embeddingSite: text("embedding_site"),
    ...timestamps(),
  },
  (t) => [
    check("inquiries_status_check", sql`${t.status} in ('new', 'contacted', 'quoted', 'won', 'lost')`),
    check(
      "inquiries_lost_reason_check",
      sql`(${t.status} = 'lost') = (${t.lostReason} is not null) and char_length(btrim(${t.lostReason})) between 1 and 500`,
    ),
    check("inquiries_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`),
    check("inquiries_message_check", sql`btrim(${t.message}) <> '' and char_length(${t.message}) <= 5000`),
    index("inquiries_created_at_idx").on(t.createdAt),
    index("inquiries_status_idx").on(t.status),
    index("inquiries_next_action_on_idx").on(t.nextActionOn),
  ],
);

export const inquiriesDeclaration = declareRecords(inquiries, {
  kind: "inquiry",
  noun: "inquiry",
  nouns: "inquiries",
  plural: "Inquiries",
  page: "routes/admin/inquiries/detail",
  path: "/admin/inquiries/:id",
  label: inquiries.name,
  public: false,
});

/**
 * An inquiry's timeline: notes and stage changes, each with its author and
 * time, only ever added to (the follow-up's one notes field, overwritten on
 * every save, became its first entry).
 */
export const inquiryEvents = pgTable(
  "inquiry_events",
  {
    id: id(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    type: text("type", { enum: INQUIRY_EVENT_TYPES }).notNull(),
    /** A note's text, or a stage change's reason (why it was lost). */
    body: text("body"),
    /** A stage change: from which stage to which. */
    fromStatus: text("from_status", { enum: INQUIRY_STATUSES }),
    toStatus: text("to_status", { enum: INQUIRY_STATUSES }),
    /** Who wrote it; the name is kept as it was then, whatever becomes of the account. */
    authorId: uuid("author_id").references(() => user.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    at: at("at").notNull().defaultNow(),
  },
  (t) => [
    check("inquiry_events_type_check", sql`${t.type} in ('note', 'stage')`),
    check(
      "inquiry_events_shape_check",
      sql`case ${t.type} when 'note' then btrim(${t.body}) <> '' and ${t.toStatus} is null else ${t.toStatus} is not null end`,
    ),
    check("inquiry_events_body_check", sql`char_length(${t.body}) <= 10000`),
    index("inquiry_events_inquiry_id_at_idx").on(t.inquiryId, t.at),
  ],
);

// Its timeline: notes and stage changes (a deleted inquiry comes back with them).
export const inquiryEventsDeclaration = declareParts(inquiryEvents, {
  of: [inquiryEvents.inquiryId],
  noun: "timeline entry",
  nouns: "timeline entries",
  label: inquiryEvents.body,
  public: false,
  kept: "An inquiry's notes and stage changes are kept",
});

export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    // sha256 of the token; the token itself is shown once, when the link is made.
    tokenHash: text("token_hash").notNull().unique(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    galleryId: uuid("gallery_id").references(() => galleries.id, { onDelete: "cascade" }),
    // Who the link was made for ("for Northtown Parks"), shown in the list of links.
    label: text("label"),
    expiresAt: at("expires_at"),
    revokedAt: at("revoked_at"),
    openCount: integer("open_count").notNull().default(0),
    lastOpenedAt: at("last_opened_at"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("share_links_one_target_check", sql`(${t.projectId} is null) <> (${t.galleryId} is null)`),
    check("share_links_label_check", sql`char_length(${t.label}) <= 100`),
    index("share_links_project_id_idx").on(t.projectId),
    index("share_links_gallery_id_idx").on(t.galleryId),
  ],
);

// A share link's changes are in its project's or gallery's history; a shared page reads its
// project or gallery, never its link row.
export const shareLinksDeclaration = declareRecords(shareLinks, {
  kind: "share-link",
  noun: "share link",
  plural: "Share links",
  page: "routes/admin/share-links",
  partOf: [shareLinks.projectId, shareLinks.galleryId],
  label: shareLinks.label,
  // A visitor opening a link counts it; that is not a change to the link.
  ignore: [shareLinks.openCount, shareLinks.lastOpenedAt],
  public: false,
});
