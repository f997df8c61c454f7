// Putting changes back, from their history: one save reverted, a deleted
// record restored with what went with it, an import undone. One engine does
// all three: each recorded row change is undone by its inverse (an insert by
// a delete, an update by writing the old values back, a delete by inserting
// the row again), in one transaction, refused as a whole when anything newer
// touched the same rows and fields, or when it would reach rows outside the
// set (a contact added since to an imported client).
import { type SQL, sql } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { checkViolation, isForeignKeyViolation, isUniqueViolation } from "~/.server/db/errors";
import { storage } from "~/.server/storage";
import { nounFor, plural } from "~/lib/format";
import { assertDocumentsMayChange } from "../contracts/contracts.server";
import { InvalidInputError } from "../errors";
import { assertVersionsMayChange } from "../proposals/proposals.server";
import { historyTable, TABLE_ORDER } from "./tables.server";

const { recordHistory, contracts } = schema;

export interface ChangeRow {
  id: number;
  /** The record it belongs to (the trigger's owner). */
  kind: string;
  tableName: string;
  rowId: string;
  operation: "insert" | "update" | "delete";
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** How one row is found by its key (row_id joins a link table's two ids with "/"). */
function keyMatch(table: string, rowId: string): SQL {
  const parts = rowId.split("/");
  return sql.join(
    historyTable(table).key.map((column, i) => sql`${sql.identifier(column)}::text = ${parts[i] ?? ""}`),
    sql` and `,
  );
}

/** The rows of `rowIds` in one statement; single uuid keys use the index. */
function keysMatch(table: string, rowIds: string[]): SQL {
  const { key } = historyTable(table);
  const list = sql`(select jsonb_array_elements_text(${JSON.stringify(rowIds)}::jsonb))`;
  if (key.length === 1 && key[0] === "id" && table !== "company_settings")
    return sql`id in (select x::uuid from ${list} as t(x))`;
  const joined = sql.join(
    key.map((column) => sql`${sql.identifier(column)}::text`),
    sql`, `,
  );
  return sql`concat_ws('/', ${joined}) in ${list}`;
}

const byTableOrder = (a: ChangeRow, b: ChangeRow) =>
  TABLE_ORDER.indexOf(a.tableName) - TABLE_ORDER.indexOf(b.tableName);

function groupByTable(rows: ChangeRow[]): Map<string, ChangeRow[]> {
  const groups = new Map<string, ChangeRow[]>();
  for (const row of rows) groups.set(row.tableName, [...(groups.get(row.tableName) ?? []), row]);
  return groups;
}

const CHUNK = 500;
function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}

/** A table's rows, several of them ("these images", "these projects in the gallery"). */
function rowsNoun(table: string): string {
  const { noun, nouns } = historyTable(table);
  return nounFor(2, noun, nouns);
}

function labelOf(row: ChangeRow): string {
  const column = historyTable(row.tableName).label;
  const data = row.before ?? row.after ?? {};
  const label = column ? data[column] : null;
  return typeof label === "string" && label ? `"${label}"` : `this ${historyTable(row.tableName).noun}`;
}

/**
 * Refuses when a change outside the set (`others`: a condition on a newer
 * history row `n`) touched a row of the set after it: any change to a row the
 * set created, a delete, or a change to a column the set changed.
 */
async function assertNothingNewer(tx: Tx, set: SQL, others: SQL): Promise<void> {
  const { rows } = await tx.execute<{
    table_name: string;
    row_id: string;
    actor_name: string;
    label: string | null;
  }>(sql`
    select h.table_name, h.row_id, n.actor_name,
      coalesce(coalesce(h.before, h.after) ->> 'name', coalesce(h.before, h.after) ->> 'title',
               coalesce(h.before, h.after) ->> 'option_name') as label
    from ${recordHistory} h
    join ${recordHistory} n on n.table_name = h.table_name and n.row_id = h.row_id and n.id > h.id
    where ${set} and ${others}
      and (h.operation = 'insert' or n.operation = 'delete'
           or (h.operation = 'update' and n.after ?| array(select jsonb_object_keys(h.after))))
    limit 1`);
  const newer = rows[0];
  if (newer) {
    const what = newer.label ? `"${newer.label}"` : `this ${historyTable(newer.table_name).noun}`;
    throw new InvalidInputError(
      `${newer.actor_name} changed ${what} since; undo that change first, or change it by hand.`,
    );
  }
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Columns naming a stored file (an image's original, a document). */
const FILE_COLUMNS = ["storage_key", "logo_key", "image_key", "document_key", "signed_document_key"];

/**
 * Refuses to put back a row whose file is gone: a deletion or a replaced file
 * removes the file once the change commits, and a row pointing at nothing
 * would show a broken image or a missing document.
 */
async function assertFilesKept(rows: ChangeRow[]): Promise<void> {
  for (const row of rows) {
    if (row.operation === "insert") continue;
    for (const column of FILE_COLUMNS) {
      const key = row.before?.[column];
      if (typeof key !== "string" || !key) continue;
      const object = await storage().get(key);
      object?.body.destroy();
      if (!object) {
        throw new InvalidInputError(
          `${capitalized(labelOf(row))} cannot come back: its file was deleted with it. Add the record again, or upload the file again.`,
        );
      }
    }
  }
}

/** A contract's document and its sealed copy, by the SQL names the history keeps. */
const CONTRACT_DOCUMENT_COLUMNS = [
  contracts.documentKey,
  contracts.documentName,
  contracts.documentBytes,
  contracts.documentSha256,
  contracts.signedDocumentKey,
  contracts.signedDocumentBytes,
].map((column) => column.name);

/**
 * A contract's document changes only while the form would let it (signed,
 * sealed or out for signature: never), not even by putting back an older one:
 * a save from before the sending or the signing that gave it its document
 * touched none of the columns those changed, so nothing newer stops its revert.
 */
async function assertContractDocumentsKept(tx: Tx, rows: ChangeRow[]): Promise<void> {
  const ids = rows
    .filter(
      (row) =>
        row.tableName === "contracts" &&
        row.operation === "update" &&
        CONTRACT_DOCUMENT_COLUMNS.some((column) => column in (row.before ?? {})),
    )
    .map((row) => row.rowId);
  await assertDocumentsMayChange(tx, ids);
}

/**
 * A sent proposal version never changes, not even by undoing a change made to
 * it while it was the draft: a save that wrote only what the sending did not
 * touch (the company's money) would otherwise rewrite what the buyer holds.
 */
async function assertSentVersionsKept(tx: Tx, rows: ChangeRow[]): Promise<void> {
  const ids = rows.filter((row) => row.tableName === "proposal_versions").map((row) => row.rowId);
  await assertVersionsMayChange(tx, [...new Set(ids)]);
}

async function deleteRows(tx: Tx, rows: ChangeRow[]): Promise<void> {
  // Children before parents.
  for (const [table, group] of [...groupByTable(rows)].reverse()) {
    for (const part of chunks(group)) {
      try {
        await tx.execute(
          sql`delete from ${sql.identifier(table)} where ${keysMatch(
            table,
            part.map((r) => r.rowId),
          )}`,
        );
      } catch (error) {
        if (isForeignKeyViolation(error)) {
          throw new InvalidInputError(
            `Something added since still uses ${part.length === 1 ? labelOf(part[0]!) : `these ${rowsNoun(table)}`}: remove it first.`,
          );
        }
        throw error;
      }
    }
  }
}

async function writeBack(tx: Tx, row: ChangeRow): Promise<void> {
  const columns = Object.keys(row.before ?? {});
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const table = sql.identifier(row.tableName);
  let result;
  try {
    result = await tx.execute(
      sql`update ${table} set (${list}) = (select ${list} from jsonb_populate_record(null::${table}, ${JSON.stringify(row.before)}::jsonb))
          where ${keyMatch(row.tableName, row.rowId)} returning 1`,
    );
  } catch (error) {
    // The old values may break a rule that came since, or hold a key another record took meanwhile.
    if (isUniqueViolation(error)) {
      throw new InvalidInputError(
        `${capitalized(labelOf(row))} cannot go back: another record now has the same name or key.`,
      );
    }
    const check = checkViolation(error);
    if (check) {
      const rule = check.constraint && RULES_IN_WORDS[check.constraint];
      throw new InvalidInputError(
        `${capitalized(labelOf(row))} cannot go back: it would break a rule the record keeps now${rule ? ` (${rule})` : ""}.`,
      );
    }
    throw error;
  }
  if (result.rows.length === 0) throw new InvalidInputError(`${capitalized(labelOf(row))} no longer exists.`);
}

/** Check constraints that an old value can break, in the words of the rule (the rest are said generally). */
const RULES_IN_WORDS: Record<string, string> = {
  contacts_portal_address_check: "a contact with portal access keeps an email address",
};

async function insertRows(tx: Tx, rows: ChangeRow[]): Promise<void> {
  for (const [table, group] of groupByTable(rows)) {
    for (const part of chunks(group)) {
      try {
        // The columns the rows had (a column added since takes its default).
        const columns = sql.join(
          Object.keys(part[0]!.before ?? {}).map((column) => sql.identifier(column)),
          sql`, `,
        );
        await tx.execute(
          sql`insert into ${sql.identifier(table)} (${columns})
              select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(part.map((r) => r.before))}::jsonb)`,
        );
      } catch (error) {
        const what = part.length === 1 ? labelOf(part[0]!) : `these ${rowsNoun(table)}`;
        if (isUniqueViolation(error)) {
          throw new InvalidInputError(`${what} cannot come back: another record now has the same name or key.`);
        }
        if (isForeignKeyViolation(error)) {
          throw new InvalidInputError(`${what} cannot come back: a record it belongs to no longer exists.`);
        }
        throw error;
      }
    }
  }
}

/**
 * Undoes `rows` (the history rows matching `set`) in `tx`, refusing when a
 * newer change (`others`: a condition on the newer history row `n`) touched
 * them. Returns the number of row changes undone.
 */
export async function undoRows(tx: Tx, rows: ChangeRow[], set: SQL, others: SQL): Promise<number> {
  if (rows.length === 0) return 0;
  await assertNothingNewer(tx, set, others);
  await assertContractDocumentsKept(tx, rows);
  await assertSentVersionsKept(tx, rows);
  await assertFilesKept(rows);
  const inserts = rows.filter((r) => r.operation === "insert").sort(byTableOrder);
  const updates = rows.filter((r) => r.operation === "update").sort((a, b) => b.id - a.id);
  const deletes = rows.filter((r) => r.operation === "delete").sort(byTableOrder);
  await deleteRows(tx, inserts);
  for (const row of updates) await writeBack(tx, row);
  await insertRows(tx, deletes);
  // Each inverse wrote one history row; any more is a cascade into rows outside the set.
  const { rows: written } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from ${recordHistory} where tx_id = txid_current()`,
  );
  const extra = (written[0]?.n ?? 0) - rows.length;
  if (extra > 0) {
    throw new InvalidInputError(
      `This would also remove ${plural(extra, "record")} added or changed since (such as a contact added to an imported client): remove or move ${extra === 1 ? "it" : "them"} first.`,
    );
  }
  return rows.length;
}

/** The history rows matching `where`, as the engine takes them. */
export async function changeRows(where: SQL, tx: Tx | ReturnType<typeof db> = db()): Promise<ChangeRow[]> {
  const rows = await tx
    .select({
      id: recordHistory.id,
      kind: recordHistory.kind,
      tableName: recordHistory.tableName,
      rowId: recordHistory.rowId,
      operation: recordHistory.operation,
      before: recordHistory.before,
      after: recordHistory.after,
    })
    .from(recordHistory)
    .where(where)
    .orderBy(recordHistory.id);
  return rows.map((row) => ({ ...row, before: row.before ?? null, after: row.after ?? null }));
}
