// Sales: inquiries visitors send from project and gallery pages, and private
// share links staff send before a page is public. Neither is read by a public
// page (both are private to the content-version trigger).
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id, timestamps } from "./columns";
import { galleries } from "./galleries";
import { projects } from "./projects";

export const INQUIRY_STATUSES = ["new", "contacted", "won", "lost"] as const;

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
    notes: text("notes"),
    // Where it came from; the title is kept so a deleted project still says what it was.
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    galleryId: uuid("gallery_id").references(() => galleries.id, { onDelete: "set null" }),
    sourceTitle: text("source_title"),
    ...timestamps(),
  },
  (t) => [
    check("inquiries_status_check", sql`${t.status} in ('new', 'contacted', 'won', 'lost')`),
    check("inquiries_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`),
    check("inquiries_message_check", sql`btrim(${t.message}) <> '' and char_length(${t.message}) <= 5000`),
    index("inquiries_created_at_idx").on(t.createdAt),
    index("inquiries_status_idx").on(t.status),
  ],
);

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
