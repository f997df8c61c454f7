// Garbage collection of stored files (npm run media:gc): files no row references (variants follow their
// key), and pending uploads no form claimed within a day.
import { and, getTableName, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import type { Storage } from "../storage/storage";
import { deleteKeys } from "./delete";
import { storedImageKeys } from "./variants";

/** A column naming a stored file, and the width column its variants derive from (null: a document, no variants). */
export interface FileColumn {
  key: PgColumn;
  width: PgColumn | null;
}

/** Where the product keeps files, as the domain declares them (its test fails while a `*_key` column is missing). */
export interface StoredFiles {
  /** The folders the product writes to; nothing else in the store is looked at (a shared bucket may hold other things). */
  folders: readonly string[];
  /** The columns of the rows that own files for good. */
  owners: readonly FileColumn[];
  /** Pending uploads: rows waiting for the form that claims them, collected after a day. */
  pending: readonly (FileColumn & { id: PgColumn; createdAt: PgColumn })[];
  /** Selects of (key, width) for files no row names that must stay a while yet (a deleted record's, while it can be restored). */
  retained?: readonly SQL[];
}

const tableOf = (column: PgColumn) => column.table as PgTable;

const HOUR = 60 * 60 * 1000;
/** A pending upload older than this was abandoned (the form was never saved). */
export const PENDING_UPLOAD_TTL_MS = 24 * HOUR;
/** An unreferenced file younger than this may be an upload between storing its files and inserting its row. */
export const IN_FLIGHT_GRACE_MS = HOUR;

export interface Garbage {
  /** Pending rows never claimed (`table` is the SQL name of their table). */
  expiredUploads: {
    table: string;
    id: string;
    key: string;
    width: number | null;
    createdAt: Date;
  }[];
  /** Files under the app's folders that no row references, oldest first by key. */
  orphans: string[];
  /** Unreferenced files left alone because they are too recent. */
  recent: string[];
}

interface Referenced {
  has(key: string): boolean;
}

/** One statement, so one snapshot: a key moving from uploads to its form's row is seen in one place or the other. */
async function referencedKeys(db: Pick<Db, "execute">, files: StoredFiles): Promise<Referenced> {
  const selects = [...files.owners, ...files.pending].map(
    (ref) =>
      sql`select ${sql.identifier(ref.key.name)} as key, ${ref.width ? sql.identifier(ref.width.name) : sql`null::int`} as width
          from ${tableOf(ref.key)} where ${sql.identifier(ref.key.name)} is not null`,
  );
  const { rows } = await db.execute<{ key: string; width: number | null }>(
    sql.join([...selects, ...(files.retained ?? [])], sql` union all `),
  );
  const keys = new Set<string>();
  // A reference without a width (a document) protects anything named after it.
  const stems = new Set<string>();
  for (const row of rows) {
    for (const key of storedImageKeys(row.key, row.width)) keys.add(key);
    if (row.width === null) stems.add(row.key.replace(/\.[^./]+$/, ""));
  }
  return {
    has: (key) => keys.has(key) || stems.has(key.replace(/_w\d+\.webp$/, "")),
  };
}

async function modifiedAt(store: Storage, key: string): Promise<Date | null> {
  const object = await store.get(key);
  object?.body.destroy();
  return object?.modifiedAt ?? null;
}

export async function findGarbage(db: Db, store: Storage, files: StoredFiles, now = new Date()): Promise<Garbage> {
  const expiredBefore = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS);
  const expiredUploads: Garbage["expiredUploads"] = [];
  for (const pending of files.pending) {
    const rows = await db
      .select({
        id: sql<string>`${pending.id}`,
        key: sql<string>`${pending.key}`,
        width: pending.width ? sql<number>`${pending.width}` : sql<null>`null::int`,
        createdAt: pending.createdAt,
      })
      .from(tableOf(pending.key))
      .where(lt(pending.createdAt, expiredBefore));
    const table = getTableName(tableOf(pending.key));
    for (const row of rows) expiredUploads.push({ table, ...row, createdAt: row.createdAt as Date });
  }
  expiredUploads.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const referenced = await referencedKeys(db, files);
  const orphans: string[] = [];
  const recent: string[] = [];
  // Only the app's own folders: a shared bucket may hold other things.
  for (const prefix of files.folders) {
    for await (const key of store.list(prefix)) {
      if (referenced.has(key)) continue;
      const written = await modifiedAt(store, key);
      if (!written) continue;
      (now.getTime() - written.getTime() < IN_FLIGHT_GRACE_MS ? recent : orphans).push(key);
    }
  }
  return { expiredUploads, orphans: orphans.sort(), recent: recent.sort() };
}

/** Removes what findGarbage found: expired upload rows first, then their files and the orphans. */
export async function deleteGarbage(
  db: Db,
  store: Storage,
  files: StoredFiles,
  garbage: Garbage,
  now = new Date(),
): Promise<{ uploads: number; files: number }> {
  const expiredBefore = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS);
  const deleted: { key: string; width: number | null }[] = [];
  for (const pending of files.pending) {
    const table = tableOf(pending.key);
    const ids = garbage.expiredUploads
      .filter((upload) => upload.table === getTableName(table))
      .map((upload) => upload.id);
    if (ids.length === 0) continue;
    // Claimed since they were listed? Then the row is gone and so is nothing of theirs.
    deleted.push(
      ...(await db
        .delete(table)
        .where(and(inArray(pending.id, ids), lt(pending.createdAt, expiredBefore)))
        .returning({
          key: sql<string>`${sql.identifier(pending.key.name)}`,
          width: pending.width ? sql<number>`${sql.identifier(pending.width.name)}` : sql<null>`null::int`,
        })),
    );
  }
  // Look again: a file referenced since the listing stays.
  const referenced = await referencedKeys(db, files);
  const removed = [
    ...deleted.flatMap((upload) => storedImageKeys(upload.key, upload.width)),
    ...garbage.orphans.filter((key) => !referenced.has(key)),
  ];
  await deleteKeys(store, removed);
  return { uploads: deleted.length, files: removed.length };
}
