// What the history knows of each table it records and of each kind of record,
// read from their declarations beside the tables (app/tables/declare.ts): the
// record a row belongs to (the triggers db:generate writes), its key, how a row
// is named, the order rows are put back in; and each kind's page, whose access
// is who may take back its changes.
import { type AccessLevel, ROUTE_DECLARATIONS, type RouteId } from "~/route-declarations";
import type { Role } from "~/tables";
import { DECLARED, HISTORY_ORDER, KINDS, keyColumns, type RecordKind, referencedTable } from "~/tables/declared";

export interface HistoryTable {
  /** Its key columns (SQL names); a link table's key joins them with "/" in row_id. */
  key: string[];
  /** How a row is named in a sentence ("image", "linked contact"). */
  noun: string;
  /** Its plural, when it is not the noun with an "s" ("galleries", "projects in the gallery"). */
  nouns?: string;
  /** The column naming one row (SQL name), if any. */
  label?: string;
  /** A link row is named by the record this column points at (a linked contact by its contact). */
  names?: { column: string; table: string };
}

/** Tables in the order their rows can be inserted (parents first): restores go down it, undone inserts up. */
export const HISTORY_TABLES: Record<string, HistoryTable> = Object.fromEntries(
  HISTORY_ORDER.map((name) => {
    const { table, noun, nouns, label, names } = DECLARED.get(name)!;
    const named = names ? { column: names.name, table: referencedTable(names) } : undefined;
    return [name, { key: keyColumns(table), noun: noun!, nouns, label: label?.name, names: named }];
  }),
);

export const TABLE_ORDER = HISTORY_ORDER;

/**
 * Timelines that are evidence, never taken back by a revert (a contract's signing steps, an
 * inquiry's notes and stage changes), with why.
 */
export const KEPT_TABLES: Record<string, string> = Object.fromEntries(
  [...DECLARED].flatMap(([name, { kept }]) => (kept ? [[name, kept]] : [])),
);

interface RecordDeclaration {
  /** The route of the record's own page: its declared access is who may take back its changes. */
  page: RouteId;
  /** The table holding the record itself (SQL name), when its history is its own. */
  table?: string;
  /** The page's address for one record, from its id, or from the column `by` names. */
  href?: (value: string) => string;
  by?: string;
}

/** A page's address for one record: its path with its one parameter (":id", ":slug") filled. */
function recordAddress(path: string): Pick<RecordDeclaration, "href" | "by"> {
  const param = /:(\w+)/.exec(path)?.[1];
  if (!param) return { href: () => path };
  return {
    href: (value) => path.replace(`:${param}`, encodeURIComponent(value)),
    by: param === "id" ? undefined : param,
  };
}

/**
 * Each kind of record, as its table declares it: its page (whose access, declared in
 * app/route-declarations.ts, decides who may revert, restore or undo its changes), its
 * table and its address. A share link's changes are its project's or gallery's; an
 * account's are the audit trail's: neither has a table of its own here.
 */
export const RECORDS = Object.fromEntries(
  [...KINDS.values()].map(({ kind, page, path, table }) => {
    const declaration = DECLARED.get(table)!;
    const own = declaration.history === true && !declaration.partOf;
    return [kind, { page: page as RouteId, ...(own ? { table } : {}), ...(own && path ? recordAddress(path) : {}) }];
  }),
) as Record<RecordKind, RecordDeclaration>;

/** The table holding each kind of record itself, for the kinds whose history is their own. */
export const OWNER_TABLES = Object.fromEntries(
  Object.entries(RECORDS).flatMap(([kind, record]) => (record.table ? [[kind, record.table]] : [])),
) as Partial<Record<RecordKind, string>>;

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
