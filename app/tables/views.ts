// Page views (issue 31, decision 0063): counts only. A day's views of one
// project, gallery or public page, by the site that embedded it; a day's unique
// visitors. Nothing here names a person: no IP address, no user agent, no
// cookie. Today's visitors are kept as hashes under a salt that changes every
// day and is never stored (only so that two instances, or a restart, count a
// visitor once); when the day is over they are reduced to a number and deleted.
import { sql } from "drizzle-orm";
import { check, date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { declareNotRecords } from "./declare";

/** What was viewed: a project or gallery (by id), or a public page by name (home, projects, galleries). */
export const VIEW_KINDS = ["project", "gallery", "page"] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];

const day = () => date("day", { mode: "string" }).notNull();

export const pageViews = pgTable(
  "page_views",
  {
    day: day(),
    kind: text("kind", { enum: VIEW_KINDS }).notNull(),
    ref: text("ref").notNull(),
    // The origin (scheme, host, port) of the site whose page framed it; '' when not framed.
    source: text("source").notNull().default(""),
    views: integer("views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.kind, t.ref, t.source] }),
    check("page_views_kind_check", sql`${t.kind} in ('project', 'gallery', 'page')`),
    check("page_views_source_check", sql`char_length(${t.source}) <= 200`),
  ],
);

export const pageViewsDeclaration = declareNotRecords(pageViews, "counts of requests");

/** Today's visitors (kind 'site', ref '': anywhere on the site), as salted hashes; gone once the day ends. */
export const pageVisitors = pgTable(
  "page_visitors",
  {
    day: day(),
    kind: text("kind").notNull(),
    ref: text("ref").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.ref, t.visitor] })],
);

export const pageVisitorsDeclaration = declareNotRecords(pageVisitors, "counts of requests");

/** Unique visitors of a past day, counted from page_visitors when that day ended. */
export const pageVisitorDays = pgTable(
  "page_visitor_days",
  {
    day: day(),
    kind: text("kind").notNull(),
    ref: text("ref").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.ref] })],
);

export const pageVisitorDaysDeclaration = declareNotRecords(pageVisitorDays, "counts of requests");
