// Reading the history: a record's History panel, the activity list (every
// record's history and the accounts' audit trail, filtered by person, kind of
// record and date, in pages) and recently deleted records; and acting on it:
// revert one save, restore a deleted record, undo an import.
import { and, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { dateTime } from "~/lib/format";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { pageCount, PAGE_SIZE, type Paginated } from "~/lib/pagination";
import { isUuid } from "~/lib/uuid";
import { auditActionLabel } from "../audit/labels";
import { InvalidInputError, NotFoundError } from "../errors";
import { ACCOUNT_COLUMNS, describeGroup, type GroupRow, recordLabels } from "./describe.server";
import { entryToken, parseEntryKey } from "./keys.server";
import { DECLARED, KINDS } from "~/tables/declared";
import { RESTORE_DAYS, RESTORE_MS } from "~/tables/history";
import { type HistoryEntry, isRecordKind, KIND_NOUNS, type RecordKind } from "./kinds";
import { HISTORY_TABLES, KEPT_TABLES, OWNER_TABLES, RECORDS } from "./tables.server";
import { changeRows, undoRows } from "./undo.server";

const { recordHistory, auditLog, importBatches } = schema;

export interface ActivityFilter {
  actorId?: string;
  kind?: RecordKind;
  /** Calendar days, "yyyy-mm-dd", both included. */
  from?: string;
  to?: string;
  /** Deleted records only (what can be restored). */
  deleted?: boolean;
  /** Only records of the kinds this says (the kinds a person may take changes back on). */
  may?: MayTakeBack;
}

const when = dateTime;

/** Why a save that wrote a kept table (a timeline) is never reverted, or null. */
function keptReason(rows: { tableName: string }[]): string | null {
  const table = rows.find((r) => r.tableName in KEPT_TABLES)?.tableName;
  return table ? KEPT_TABLES[table]! : null;
}
const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 24 * 60 * 60 * 1000);

/** The record's admin page, while it exists (RECORDS: a gallery's address names its slug). */
async function recordPages(pairs: { kind: RecordKind; recordId: string }[]): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const [kind, { table, by, href }] of Object.entries(RECORDS) as [RecordKind, (typeof RECORDS)[RecordKind]][]) {
    const ids = pairs.filter((p) => p.kind === kind).map((p) => p.recordId);
    if (!table || !href || !ids.length) continue;
    const { rows } = await db().execute<{ id: string; value: string }>(
      sql`select id::text as id, ${sql.identifier(by ?? "id")}::text as value from ${sql.identifier(table)}
          where id::text in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
    );
    for (const row of rows) pages.set(`${kind}:${row.id}`, href(row.value));
  }
  return pages;
}

/** Which of these saves a newer change already overtook (same row, same field, or the row deleted). */
async function overtaken(rows: GroupRow[]): Promise<Set<number>> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return new Set();
  const { rows: found } = await db().execute<{ tx_id: number }>(sql`
    select distinct h.tx_id::bigint as tx_id from ${recordHistory} h
    join ${recordHistory} n on n.table_name = h.table_name and n.row_id = h.row_id and n.id > h.id and n.tx_id <> h.tx_id
    where h.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
      and (h.operation = 'insert' or n.operation = 'delete'
           or (h.operation = 'update' and n.after ?| array(select jsonb_object_keys(h.after))))`);
  return new Set(found.map((row) => Number(row.tx_id)));
}

/** Entries for these groups of one save each, newest first as given. */
async function describeGroups(
  keys: { txId: number; kind: RecordKind; recordId: string }[],
): Promise<Map<string, HistoryEntry>> {
  const entries = new Map<string, HistoryEntry>();
  if (!keys.length) return entries;
  const rows = (await db()
    .select()
    .from(recordHistory)
    .where(
      or(
        ...keys.map((k) =>
          and(eq(recordHistory.txId, k.txId), eq(recordHistory.kind, k.kind), eq(recordHistory.recordId, k.recordId)),
        ),
      ),
    )
    .orderBy(recordHistory.id)) as GroupRow[];

  const wanted: { table: string; id: string }[] = [];
  for (const key of keys) {
    const table = OWNER_TABLES[key.kind];
    if (table) wanted.push({ table, id: key.recordId });
  }
  for (const row of rows) {
    const data = row.before ?? row.after ?? {};
    const names = HISTORY_TABLES[row.tableName]?.names;
    if (names) wanted.push({ table: names.table, id: String(data[names.column]) });
    for (const column of ACCOUNT_COLUMNS) {
      for (const value of [row.before?.[column], row.after?.[column]])
        if (typeof value === "string") wanted.push({ table: "user", id: value });
    }
  }
  const [labels, pages, late] = await Promise.all([
    recordLabels(wanted),
    recordPages(keys.map(({ kind, recordId }) => ({ kind, recordId }))),
    overtaken(rows),
  ]);
  const now = Date.now();
  for (const key of keys) {
    const group = rows.filter((r) => r.txId === key.txId && r.kind === key.kind && r.recordId === key.recordId);
    if (!group.length) continue;
    const described = describeGroup(key.kind, key.recordId, group, labels);
    const first = group[0]!;
    const old = now - first.at.getTime() > RESTORE_MS;
    const href = pages.get(`${key.kind}:${key.recordId}`) ?? null;
    let can: HistoryEntry["can"] = null;
    let why: string | undefined;
    if (described.ownerOperation === "delete") {
      if (href) why = "It exists again.";
      else if (old) why = `Deleted more than ${RESTORE_DAYS} days ago.`;
      else can = "restore";
    } else if (described.ownerOperation !== "insert" && !described.empty) {
      if (old) why = `Older than ${RESTORE_DAYS} days.`;
      else if (late.has(key.txId)) why = "Changed again since: revert the newer change first.";
      else if (keptReason(group)) why = `${keptReason(group)}.`;
      else can = "revert";
    }
    const key_ = `tx:${key.txId}:${key.kind}:${key.recordId}`;
    entries.set(key_, {
      key: entryToken(key_),
      at: when(first.at),
      actor: first.actorName,
      summary: described.summary + (first.batchId ? " (import)" : ""),
      kind: key.kind,
      href,
      changes: described.changes,
      details: described.details,
      can,
      why,
    });
  }
  return entries;
}

/** A record's History panel: its saves, newest first. */
export async function recordHistoryEntries(kind: RecordKind, recordId: string, limit = 30): Promise<HistoryEntry[]> {
  const groups = await db()
    .select({ txId: recordHistory.txId, last: sql<number>`max(${recordHistory.id})`.mapWith(Number) })
    .from(recordHistory)
    .where(and(eq(recordHistory.kind, kind), eq(recordHistory.recordId, recordId)))
    .groupBy(recordHistory.txId)
    .orderBy(desc(sql`max(${recordHistory.id})`))
    .limit(limit);
  const keys = groups.map((g) => ({ txId: Number(g.txId), kind, recordId }));
  const described = await describeGroups(keys);
  return keys.map((k) => described.get(`tx:${k.txId}:${k.kind}:${k.recordId}`)).filter((e) => e !== undefined);
}

function historyConditions(filter: ActivityFilter): SQL | undefined {
  // A kind whose changes are kept in another record's history (a share link's, in its project's) is its table's rows.
  const table = filter.kind ? KINDS.get(filter.kind)!.table : undefined;
  const kind = !filter.kind
    ? undefined
    : DECLARED.get(table!)!.partOf
      ? eq(recordHistory.tableName, table!)
      : eq(recordHistory.kind, filter.kind);
  const kinds = filter.may ? (Object.keys(RECORDS) as RecordKind[]).filter(filter.may) : null;
  return and(
    kind,
    kinds ? inArray(recordHistory.kind, kinds) : undefined,
    filter.actorId ? eq(recordHistory.actorId, filter.actorId) : undefined,
    filter.from ? gte(recordHistory.at, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(recordHistory.at, dayAfter(filter.to)) : undefined,
    filter.deleted
      ? and(
          eq(recordHistory.operation, "delete"),
          sql`${recordHistory.rowId} = ${recordHistory.recordId}`,
          gte(recordHistory.at, new Date(Date.now() - RESTORE_MS)),
          sql`${recordHistory.tableName} = case ${recordHistory.kind} ${sql.join(
            Object.entries(OWNER_TABLES).map(([k, t]) => sql`when ${k} then ${t}`),
            sql` `,
          )} end`,
        )
      : undefined,
  );
}

function auditConditions(filter: ActivityFilter): SQL | undefined {
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.from ? gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)) : undefined,
    filter.to ? lt(auditLog.createdAt, dayAfter(filter.to)) : undefined,
  );
}

/** The activity list: one entry per save, import or account change, newest first, in pages of 25. */
export async function listActivity(filter: ActivityFilter, page: number): Promise<Paginated<HistoryEntry>> {
  const withAudit = !filter.deleted && (!filter.kind || filter.kind === "account") && (filter.may?.("account") ?? true);
  const withHistory = filter.kind !== "account";
  // Rows of an import are one entry; other rows group by save and record.
  const groupKey = sql`case when ${recordHistory.batchId} is null
    then 'tx:' || ${recordHistory.txId} || ':' || ${recordHistory.kind} || ':' || ${recordHistory.recordId}
    else 'batch:' || ${recordHistory.batchId} end`;
  const parts: SQL[] = [];
  if (withHistory) {
    const where = historyConditions(filter);
    parts.push(sql`select ${groupKey} as key, max(${recordHistory.at}) as at, max(${recordHistory.id}) as seq
      from ${recordHistory} ${where ? sql`where ${where}` : sql``} group by 1`);
  }
  if (withAudit) {
    const where = auditConditions(filter);
    parts.push(sql`select 'audit:' || ${auditLog.id} as key, ${auditLog.createdAt} as at, 0::bigint as seq
      from ${auditLog} ${where ? sql`where ${where}` : sql``}`);
  }
  const { rows } = await db().execute<{ key: string; total: number }>(sql`
    select key, count(*) over ()::int as total from (${sql.join(parts, sql` union all `)}) entries
    order by at desc, seq desc limit ${PAGE_SIZE} offset ${(page - 1) * PAGE_SIZE}`);
  const total = rows[0]?.total ?? 0;
  const keys = rows.map((row) => parseEntryKey(row.key)!).filter(Boolean);

  const txKeys = keys.filter((k) => k.type === "tx");
  const [groups, batches, audits] = await Promise.all([
    describeGroups(txKeys),
    describeBatches(keys.filter((k) => k.type === "batch").map((k) => k.batchId)),
    describeAudits(keys.filter((k) => k.type === "audit").map((k) => k.id)),
  ]);
  const all = new Map([...groups, ...batches, ...audits]);
  return {
    rows: rows.map((row) => all.get(row.key)).filter((e) => e !== undefined),
    total,
    page,
    pageCount: pageCount(total),
  };
}

async function describeBatches(ids: string[]): Promise<Map<string, HistoryEntry>> {
  const entries = new Map<string, HistoryEntry>();
  if (!ids.length) return entries;
  const batches = await db().select().from(importBatches).where(inArray(importBatches.id, ids));
  for (const batch of batches) {
    const key = `batch:${batch.id}`;
    entries.set(key, {
      key,
      at: when(batch.createdAt),
      actor: batch.importedByName,
      summary: `Imported ${batch.kind} from "${batch.fileName}": ${batch.created} new, ${batch.updated} updated${batch.undoneAt ? ` (undone ${when(batch.undoneAt)})` : ""}`,
      kind: batch.kind === "clients" ? "client" : batch.kind === "contacts" ? "contact" : "project",
      href: null,
      changes: [],
      details: [],
      ...(batch.undoneAt
        ? { can: null }
        : Date.now() - batch.createdAt.getTime() > RESTORE_MS
          ? { can: null, why: `Older than ${RESTORE_DAYS} days.` }
          : { can: "undo-import" as const }),
    });
  }
  return entries;
}

async function describeAudits(ids: string[]): Promise<Map<string, HistoryEntry>> {
  const entries = new Map<string, HistoryEntry>();
  if (!ids.length) return entries;
  const rows = await db().select().from(auditLog).where(inArray(auditLog.id, ids));
  for (const row of rows) {
    const key = `audit:${row.id}`;
    entries.set(key, {
      key,
      at: when(row.createdAt),
      actor: row.actorName,
      summary: `${auditActionLabel(row.action)} · ${row.targetLabel}`,
      kind: "account",
      href: null,
      changes: [],
      details: [],
      can: null,
    });
  }
  return entries;
}

/** The people who changed anything, for the activity list's filter. */
export async function listActors(): Promise<{ id: string; name: string }[]> {
  const { rows } = await db().execute<{ id: string; name: string }>(sql`
    select distinct on (id) id::text as id, name from (
      select ${recordHistory.actorId} as id, ${recordHistory.actorName} as name, ${recordHistory.id} as seq
        from ${recordHistory} where ${recordHistory.actorId} is not null
      union all
      select ${auditLog.actorId}, ${auditLog.actorName}, 0 from ${auditLog} where ${auditLog.actorId} is not null
    ) people order by id, seq desc`);
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Who may take a change back, by the kinds of record it touches (tables.server's mayTakeBack for a role). */
export type MayTakeBack = (kind: RecordKind) => boolean;
const anyone: MayTakeBack = () => true;

/**
 * What each action answers for a key that names nothing it may act on: a key
 * of a record this person may not change reads exactly as one that never was.
 */
const GONE = {
  revert: "This change is no longer in the history.",
  restore: "This deletion is no longer in the history.",
  undo: "This import is already undone.",
} as const;

/** The rows matching `where`, when there are any and this person may change every record they touch. */
async function rowsOf(where: SQL, may: MayTakeBack, gone: string) {
  const rows = await changeRows(where);
  if (!rows.length || rows.some((row) => !isRecordKind(row.kind) || !may(row.kind))) throw new NotFoundError(gone);
  return rows;
}

async function startedAt(where: SQL): Promise<Date> {
  const [row] = await db().select({ at: recordHistory.at }).from(recordHistory).where(where).limit(1);
  return row?.at ?? new Date(0);
}

/**
 * Puts back what one save changed (the fields, links, images it touched).
 * `key` is one openEntryToken() read from a button (never the button's text
 * itself); `may` says whose records the person may change.
 */
export async function revertEntry(key: string, may: MayTakeBack = anyone): Promise<{ summary: string }> {
  const parsed = parseEntryKey(key);
  if (parsed?.type !== "tx" || !may(parsed.kind)) throw new NotFoundError(GONE.revert);
  const where = and(
    eq(recordHistory.txId, parsed.txId),
    eq(recordHistory.kind, parsed.kind),
    eq(recordHistory.recordId, parsed.recordId),
  )!;
  const rows = await rowsOf(where, may, GONE.revert);
  const ownerTable = OWNER_TABLES[parsed.kind];
  if (rows.some((r) => r.tableName === ownerTable && r.rowId === parsed.recordId && r.operation !== "update")) {
    throw new InvalidInputError("A creation or deletion is not reverted here: delete the record, or restore it.");
  }
  const kept = keptReason(rows);
  if (kept) throw new InvalidInputError(`${kept}: it cannot be reverted.`);
  if (Date.now() - (await startedAt(where)).getTime() > RESTORE_MS) {
    throw new InvalidInputError(`Changes older than ${RESTORE_DAYS} days cannot be reverted.`);
  }
  await db().transaction(async (tx) => {
    await withActor(tx);
    await undoRows(
      tx,
      rows,
      sql`h.tx_id = ${parsed.txId} and h.kind = ${parsed.kind} and h.record_id = ${parsed.recordId}`,
      sql`n.tx_id <> ${parsed.txId}`,
    );
  });
  return { summary: `the change to the ${KIND_NOUNS[parsed.kind]}` };
}

/**
 * Brings a deleted record back with everything its deletion took (a client's
 * contacts, a project's media). `key` and `may` as for revertEntry.
 */
export async function restoreEntry(
  key: string,
  may: MayTakeBack = anyone,
): Promise<{ kind: RecordKind; recordId: string }> {
  const parsed = parseEntryKey(key);
  if (parsed?.type !== "tx" || !may(parsed.kind)) throw new NotFoundError(GONE.restore);
  const ownerTable = OWNER_TABLES[parsed.kind];
  const where = eq(recordHistory.txId, parsed.txId);
  const rows = await rowsOf(where, may, GONE.restore);
  if (!rows.some((r) => r.tableName === ownerTable && r.rowId === parsed.recordId && r.operation === "delete")) {
    throw new InvalidInputError("Only a deletion can be restored.");
  }
  if (Date.now() - (await startedAt(where)).getTime() > RESTORE_MS) {
    throw new InvalidInputError(`Records deleted more than ${RESTORE_DAYS} days ago cannot be restored.`);
  }
  await db().transaction(async (tx) => {
    await withActor(tx);
    await undoRows(tx, rows, sql`h.tx_id = ${parsed.txId}`, sql`n.tx_id <> ${parsed.txId}`);
  });
  return { kind: parsed.kind, recordId: parsed.recordId };
}

/** Undoes a whole import: what it created goes, what it updated gets its values back. */
export async function undoImport(batchId: string, may: MayTakeBack = anyone): Promise<{ fileName: string }> {
  if (!isUuid(batchId)) throw new NotFoundError(GONE.undo);
  return db().transaction(async (tx) => {
    await withActor(tx);
    const rows = await changeRows(eq(recordHistory.batchId, batchId), tx);
    if (rows.some((row) => !isRecordKind(row.kind) || !may(row.kind))) throw new NotFoundError(GONE.undo);
    const [batch] = await tx
      .update(importBatches)
      .set({ undoneAt: new Date() })
      .where(and(eq(importBatches.id, batchId), isNull(importBatches.undoneAt)))
      .returning();
    if (!batch) throw new NotFoundError(GONE.undo);
    // Past this the history it would undo may be pruned (prune.server.ts): refused, as a revert is.
    if (Date.now() - batch.createdAt.getTime() > RESTORE_MS) {
      throw new InvalidInputError(`Imports older than ${RESTORE_DAYS} days cannot be undone.`);
    }
    await undoRows(tx, rows, sql`h.batch_id = ${batchId}`, sql`n.batch_id is distinct from ${batchId}`);
    return { fileName: batch.fileName };
  });
}

/** Undoes the import a key read from a button names ("batch:<id>"); `may` as for revertEntry. */
export function undoImportEntry(key: string, may: MayTakeBack = anyone): Promise<{ fileName: string }> {
  const parsed = parseEntryKey(key);
  return undoImport(parsed?.type === "batch" ? parsed.batchId : "", may);
}
