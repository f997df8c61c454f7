// What the history knows of each table it records (the trigger's list in
// drizzle/0015_record-history-triggers.sql): the record it belongs to, its
// key, how one of its rows is named, and the order rows must be put back in.
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

/** The table holding each kind of record itself, and where its page is. */
export const OWNER_TABLES: Record<Exclude<RecordKind, "account" | "share-link">, string> = {
  client: "clients",
  contact: "contacts",
  project: "projects",
  option: "playground_options",
  gallery: "galleries",
  contract: "contracts",
  "industry-type": "industry_types",
  inquiry: "inquiries",
  settings: "company_settings",
};

export function historyTable(name: string): HistoryTable {
  const table = HISTORY_TABLES[name];
  // Names reach SQL as identifiers: only the tables listed here ever do.
  if (!table) throw new Error(`No history for table ${JSON.stringify(name)}`);
  return table;
}
