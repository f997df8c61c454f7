// What the history knows of each table it records (the trigger's list in
// drizzle/0015_record-history-triggers.sql): the record it belongs to, its
// key, how one of its rows is named, and the order rows must be put back in;
// and each kind of record's page, whose access is who may take its changes back.
import type { AccessLevel } from "~/.server/http/route-policy";
import { ROUTE_DECLARATIONS, type RouteId } from "~/route-declarations";
import type { Role } from "~/tables";
import type { RecordKind } from "./kinds";

export interface HistoryTable {
  /** Its key columns (SQL names); a link table's key joins them with "/" in row_id. */
  key: string[];
  /** How a row is named in a sentence ("image", "linked contact"). */
  noun: string;
  /** Its plural, when it is not the noun with an "s" ("galleries", "projects in the gallery"). */
  nouns?: string;
  /** The column naming one row (SQL name), if any. */
  label?: string;
}

/** Tables in the order their rows can be inserted (parents first): restores go down it, undone inserts up. */
export const HISTORY_TABLES: Record<string, HistoryTable> = {
  industry_types: { key: ["id"], noun: "industry type", label: "name" },
  clients: { key: ["id"], noun: "client", label: "name" },
  contacts: { key: ["id"], noun: "contact", label: "name" },
  client_contacts: { key: ["client_id", "contact_id"], noun: "linked contact" },
  playground_options: { key: ["id"], noun: "playground option", label: "option_name" },
  projects: { key: ["id"], noun: "project", label: "title" },
  project_images: { key: ["id"], noun: "image", label: "caption" },
  project_videos: { key: ["id"], noun: "video", label: "title" },
  project_options: { key: ["project_id", "option_id"], noun: "playground option" },
  galleries: { key: ["id"], noun: "gallery", nouns: "galleries", label: "name" },
  gallery_projects: { key: ["id"], noun: "project in the gallery", nouns: "projects in the gallery" },
  contracts: { key: ["id"], noun: "contract", label: "title" },
  contract_recipients: { key: ["contract_id", "contact_id"], noun: "recipient", label: "name" },
  contract_events: { key: ["id"], noun: "event", label: "type" },
  share_links: { key: ["id"], noun: "share link", label: "label" },
  inquiries: { key: ["id"], noun: "inquiry", nouns: "inquiries", label: "name" },
  // Its timeline: notes and stage changes (a deleted inquiry comes back with them).
  inquiry_events: { key: ["id"], noun: "timeline entry", nouns: "timeline entries", label: "body" },
  company_settings: { key: ["id"], noun: "company settings", nouns: "company settings" },
};

export const TABLE_ORDER = Object.keys(HISTORY_TABLES);

/**
 * Timelines that are evidence, never taken back by a revert: a contract's signing steps,
 * and an inquiry's notes and stage changes (nothing said about an inquiry is lost).
 */
export const KEPT_TABLES: Record<string, string> = {
  contract_events: "A contract's sending or signing is kept",
  inquiry_events: "An inquiry's notes and stage changes are kept",
};

interface RecordDeclaration {
  /** The route of the record's own page: its declared access is who may take back its changes. */
  page: RouteId;
  /** The table holding the record itself (SQL name). */
  table?: string;
  /** The page's address for one record, from its id, or from the column `by` names. */
  href?: (value: string) => string;
  by?: string;
}

/**
 * Each kind of record, once: its page (whose access, declared in
 * app/route-declarations.ts, decides who may revert, restore or undo its
 * changes), its table and its address.
 */
export const RECORDS: Record<RecordKind, RecordDeclaration> = {
  client: { page: "routes/admin/clients/edit", table: "clients", href: (id) => `/admin/clients/${id}/edit` },
  contact: { page: "routes/admin/contacts/edit", table: "contacts", href: (id) => `/admin/contacts/${id}/edit` },
  project: { page: "routes/admin/projects/edit", table: "projects", href: (id) => `/admin/projects/${id}/edit` },
  option: { page: "routes/admin/options", table: "playground_options", href: () => "/admin/options" },
  gallery: {
    page: "routes/admin/gallery/detail",
    table: "galleries",
    by: "slug",
    href: (slug) => `/admin/gallery/${slug}`,
  },
  contract: { page: "routes/admin/contracts/edit", table: "contracts", href: (id) => `/admin/contracts/${id}/edit` },
  "industry-type": {
    page: "routes/admin/settings/industry-types",
    table: "industry_types",
    href: () => "/admin/settings/industry-types",
  },
  inquiry: { page: "routes/admin/inquiries/detail", table: "inquiries", href: (id) => `/admin/inquiries/${id}` },
  settings: { page: "routes/admin/settings/company", table: "company_settings", href: () => "/admin/settings/company" },
  // A share link's rows are in its project's or gallery's history (the trigger's owners).
  "share-link": { page: "routes/admin/share-links" },
  // Accounts keep their own trail (audit_log): listed, never taken back.
  account: { page: "routes/admin/settings/team" },
};

type OwnedKind = Exclude<RecordKind, "account" | "share-link">;

/** The table holding each kind of record itself. */
export const OWNER_TABLES = Object.fromEntries(
  Object.entries(RECORDS).flatMap(([kind, record]) => (record.table ? [[kind, record.table]] : [])),
) as Record<OwnedKind, string>;

/** Whether a role passes a route's declared access (the admin pages' own levels). */
function passes(access: AccessLevel, role: Role): boolean {
  if (access === "admin") return role === "admin";
  if (access === "staff") return role === "admin" || role === "staff";
  if (access === "client") return role === "client";
  return true;
}

/** Which kinds of record this role may take changes back on: those whose page it may open. */
export function mayTakeBack(role: Role): (kind: RecordKind) => boolean {
  return (kind) => passes(ROUTE_DECLARATIONS[RECORDS[kind].page].access, role);
}

export function historyTable(name: string): HistoryTable {
  const table = HISTORY_TABLES[name];
  // Names reach SQL as identifiers: only the tables listed here ever do.
  if (!table) throw new Error(`No history for table ${JSON.stringify(name)}`);
  return table;
}
