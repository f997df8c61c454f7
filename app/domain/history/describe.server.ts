// How recorded row changes read: one entry per save (the rows of one
// transaction that belong to one record), in words: "Changed client
// "Northtown Parks"", its fields before and after, and what happened to its
// images, contacts, options… alongside.
import { getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { db, schema } from "~/.server/db";
import { dateTime, numericDate, plural } from "~/lib/format";
import { KIND_NOUNS, type HistoryEntry, type RecordKind } from "./kinds";
import { DECLARED } from "~/tables/declared";
import { HISTORY_TABLES, OWNER_TABLES } from "./tables.server";
import type { ChangeRow } from "./undo.server";

export interface GroupRow extends ChangeRow {
  txId: number;
  kind: string;
  recordId: string;
  at: Date;
  actorName: string;
  batchId: string | null;
}

/** Columns that are bookkeeping, not something a person changed. */
const HIDDEN = new Set([
  "id",
  "created_at",
  "updated_at",
  "created_by",
  "token_hash",
  "youtube_id",
  "upload_batch",
  "upload_position",
  "document_name",
  "document_bytes",
  "document_sha256",
  "signed_document_bytes",
  "open_count",
  "last_opened_at",
]);
const hidden = (column: string) => HIDDEN.has(column) || /_(width|height)$/.test(column);

const FILE_LABELS: Record<string, string> = {
  logo_key: "Logo",
  image_key: "Image",
  document_key: "Document",
  storage_key: "File",
};

/** "industry_type" → "Industry type". */
export function fieldLabel(column: string): string {
  if (FILE_LABELS[column]) return FILE_LABELS[column];
  const words = column.replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The columns holding a day or a moment, by "table.column" (SQL names), read from the tables themselves. */
const WHEN_COLUMNS = new Map<string, "day" | "moment">();
for (const table of Object.values(schema)) {
  if (!is(table, PgTable)) continue;
  for (const column of Object.values(getTableColumns(table))) {
    const when = column.columnType.startsWith("PgTimestamp")
      ? "moment"
      : column.columnType.startsWith("PgDate")
        ? "day"
        : null;
    if (when) WHEN_COLUMNS.set(`${getTableName(table)}.${column.name}`, when);
  }
}

/** A recorded value as people read it: a day as the admin lists show it, a moment as the history's own times. */
export function valueText(table: string, column: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (column.endsWith("_key")) return "a file";
  const when = typeof value === "string" ? WHEN_COLUMNS.get(`${table}.${column}`) : undefined;
  if (when === "day") return numericDate(value as string) ?? String(value);
  if (when === "moment" && !Number.isNaN(Date.parse(value as string))) return dateTime(new Date(value as string));
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "—";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Columns holding a staff account (an inquiry's owner): shown by the account's name, not its id. */
export const ACCOUNT_COLUMNS = new Set(["owner_id"]);

function accountText(labels: Map<string, string>, value: unknown): string {
  if (value === null || value === undefined) return "—";
  return labels.get(`user:${String(value)}`) ?? "a former account";
}

/** Names of records by table and id: live ones first, else as their history last had them. */
export async function recordLabels(wanted: { table: string; id: string }[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  const byTable = new Map<string, Set<string>>();
  for (const { table, id } of wanted) byTable.set(table, (byTable.get(table) ?? new Set()).add(id));
  for (const [table, ids] of byTable) {
    // Accounts are not in the history's tables (the audit trail keeps them) but are named by their label too.
    const column = DECLARED.get(table)?.label?.name;
    if (!column) continue;
    const list = JSON.stringify([...ids]);
    const { rows } = await db().execute<{ id: string; label: string | null }>(sql`
      select id::text as id, ${sql.identifier(column)}::text as label, 0 as rank from ${sql.identifier(table)}
      where id::text in (select jsonb_array_elements_text(${list}::jsonb))
      union all
      select row_id, coalesce(before, after) ->> ${column}, 1 from (
        select distinct on (row_id) row_id, before, after from ${schema.recordHistory}
        where table_name = ${table} and operation <> 'update'
          and row_id in (select jsonb_array_elements_text(${list}::jsonb))
        order by row_id, id desc) last
      order by 1, 3`);
    // A live row's name first, else the last one its history knew.
    for (const row of rows)
      if (row.label && !labels.has(`${table}:${row.id}`)) labels.set(`${table}:${row.id}`, row.label);
  }
  return labels;
}

const sameRow = (a: Record<string, unknown> | null, b: Record<string, unknown> | null) =>
  JSON.stringify(Object.entries(a ?? {}).filter(([k]) => !hidden(k) && k !== "created_at")) ===
  JSON.stringify(Object.entries(b ?? {}).filter(([k]) => !hidden(k) && k !== "created_at"));

/** A link removed and put back in one save (a client's links are replaced whole) is no change. */
function withoutReplacedLinks(rows: GroupRow[]): GroupRow[] {
  const dropped = new Set<number>();
  for (const removed of rows.filter((r) => r.operation === "delete")) {
    const added = rows.find(
      (r) =>
        r.operation === "insert" &&
        !dropped.has(r.id) &&
        r.tableName === removed.tableName &&
        r.rowId === removed.rowId &&
        sameRow(r.after, removed.before),
    );
    if (added) dropped.add(removed.id).add(added.id);
  }
  return rows.filter((r) => !dropped.has(r.id));
}

export interface Described {
  summary: string;
  changes: HistoryEntry["changes"];
  details: string[];
  ownerOperation: "insert" | "update" | "delete" | null;
  empty: boolean;
}

/** One save of one record, in words. `labels` names records (recordLabels). */
export function describeGroup(
  kind: RecordKind,
  recordId: string,
  group: GroupRow[],
  labels: Map<string, string>,
): Described {
  const ownerTable = OWNER_TABLES[kind] ?? null;
  const rows = withoutReplacedLinks(group);
  const own = rows.filter((r) => r.tableName === ownerTable && r.rowId === recordId);
  const others = rows.filter((r) => !own.includes(r));
  const ownerOperation = own.find((r) => r.operation !== "update")?.operation ?? (own.length ? "update" : null);

  const noun = KIND_NOUNS[kind];
  const name = ownerTable ? labels.get(`${ownerTable}:${recordId}`) : undefined;
  const what = kind === "settings" ? "company settings" : name ? `${noun} "${name}"` : `a ${noun}`;
  const verb = ownerOperation === "insert" ? "Created" : ownerOperation === "delete" ? "Deleted" : "Changed";
  const changes: HistoryEntry["changes"] = [];
  for (const row of own.filter((r) => r.operation === "update")) {
    for (const column of Object.keys(row.after ?? {})) {
      if (hidden(column)) continue;
      const text = (value: unknown) =>
        ACCOUNT_COLUMNS.has(column) ? accountText(labels, value) : valueText(row.tableName, column, value);
      changes.push({ field: fieldLabel(column), before: text(row.before?.[column]), after: text(row.after?.[column]) });
    }
  }

  const details: string[] = [];
  const byTable = new Map<string, GroupRow[]>();
  for (const row of others) byTable.set(row.tableName, [...(byTable.get(row.tableName) ?? []), row]);
  for (const [table, tableRows] of byTable) {
    const info = HISTORY_TABLES[table]!;
    const reference = info.names;
    const nameOf = (row: ChangeRow) => {
      const data = row.before ?? row.after ?? {};
      const label = reference
        ? labels.get(`${reference.table}:${String(data[reference.column])}`)
        : info.label
          ? (data[info.label] as string | null)
          : null;
      return label ? ` "${label}"` : "";
    };
    const inserted = tableRows.filter((r) => r.operation === "insert");
    const deleted = tableRows.filter((r) => r.operation === "delete");
    const updated = tableRows.filter((r) => r.operation === "update");
    for (const row of inserted) details.push(`Added ${info.noun}${nameOf(row)}`);
    for (const row of deleted) details.push(`Removed ${info.noun}${nameOf(row)}`);
    const reordered = updated.filter((r) => Object.keys(r.after ?? {}).every((c) => c === "display_order"));
    if (reordered.length) details.push(`Changed the order (${plural(reordered.length, info.noun, info.nouns)} moved)`);
    for (const row of updated.filter((r) => !reordered.includes(r))) {
      const fields = Object.keys(row.after ?? {}).filter((c) => !hidden(c));
      if (!fields.length) continue;
      details.push(
        `Changed ${info.noun}${nameOf(row)}: ${fields
          .map(
            (c) => `${fieldLabel(c)} ${valueText(table, c, row.before?.[c])} → ${valueText(table, c, row.after?.[c])}`,
          )
          .join("; ")}`,
      );
    }
  }
  return {
    summary: `${verb} ${what}`,
    changes,
    details,
    ownerOperation,
    empty: own.length === 0 && details.length === 0,
  };
}
