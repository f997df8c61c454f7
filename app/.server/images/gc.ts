// Garbage collection of stored files (npm run media:gc): files that no row
// references, and pending uploads (images, contract documents) no form claimed
// within a day. Every row's variants are derived from its key and width, so
// they count as referenced.
import { and, inArray, is, lt, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import * as schema from "~/tables";
import { KEY_PREFIXES } from "../storage/keys";
import type { Storage } from "../storage/storage";
import { deleteKeys } from "./delete";
import { storedImageKeys } from "./variants";

/** Every column naming a stored file, and the width column its variants derive from. */
export const FILE_REFERENCES = [
  { table: "clients", key: "logo_key", width: "logo_width" },
  { table: "company_settings", key: "logo_key", width: "logo_width" },
  { table: "playground_options", key: "image_key", width: "image_width" },
  { table: "project_images", key: "storage_key", width: "width" },
  { table: "uploads", key: "storage_key", width: "width" },
  { table: "contract_uploads", key: "storage_key", width: null },
  { table: "contracts", key: "document_key", width: null },
] as const;

const HOUR = 60 * 60 * 1000;
/** A pending upload older than this was abandoned (the form was never saved). */
export const PENDING_UPLOAD_TTL_MS = 24 * HOUR;
/** An unreferenced file younger than this may be an upload between storing its files and inserting its row. */
export const IN_FLIGHT_GRACE_MS = HOUR;

export interface Garbage {
  /** Pending rows (images in `uploads`, contract PDFs in `contract_uploads`) never claimed. */
  expiredUploads: {
    table: "uploads" | "contract_uploads";
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

/** `*_key` text columns of the schema that FILE_REFERENCES does not list. */
export function unknownKeyColumns(tables: PgTable[]): string[] {
  const known = new Set(FILE_REFERENCES.map((ref) => `${ref.table}.${ref.key}`));
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns
      .filter((column) => column.name.endsWith("_key") && column.getSQLType() === "text")
      .map((column) => `${config.name}.${column.name}`)
      .filter((name) => !known.has(name));
  });
}

function schemaTables(): PgTable[] {
  return (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
}

/** Refuses to run when a table names files in a column this module does not know: their files would look unreferenced. */
function assertKnowsEveryFileColumn(): void {
  const unknown = unknownKeyColumns(schemaTables());
  if (unknown.length > 0) {
    throw new Error(
      `media:gc does not know which files ${unknown.join(", ")} reference; add them to FILE_REFERENCES ` +
        `in app/.server/images/gc.ts before collecting garbage.`,
    );
  }
}

interface Referenced {
  has(key: string): boolean;
}

/** One statement, so one snapshot: a key moving from uploads to its form's row is seen in one place or the other. */
async function referencedKeys(db: Pick<Db, "execute">): Promise<Referenced> {
  const selects = FILE_REFERENCES.map(
    (ref) =>
      sql`select ${sql.identifier(ref.key)} as key, ${ref.width ? sql.identifier(ref.width) : sql`null::int`} as width
          from ${sql.identifier(ref.table)} where ${sql.identifier(ref.key)} is not null`,
  );
  const { rows } = await db.execute<{ key: string; width: number | null }>(sql.join(selects, sql` union all `));
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

export async function findGarbage(db: Db, store: Storage, now = new Date()): Promise<Garbage> {
  assertKnowsEveryFileColumn();
  const expiredBefore = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS);
  const images = await db
    .select({
      id: schema.uploads.id,
      key: schema.uploads.storageKey,
      width: schema.uploads.width,
      createdAt: schema.uploads.createdAt,
    })
    .from(schema.uploads)
    .where(lt(schema.uploads.createdAt, expiredBefore));
  const documents = await db
    .select({
      id: schema.contractUploads.id,
      key: schema.contractUploads.storageKey,
      createdAt: schema.contractUploads.createdAt,
    })
    .from(schema.contractUploads)
    .where(lt(schema.contractUploads.createdAt, expiredBefore));
  const expiredUploads = [
    ...images.map((row) => ({ table: "uploads" as const, ...row })),
    ...documents.map((row) => ({ table: "contract_uploads" as const, ...row, width: null })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const referenced = await referencedKeys(db);
  const orphans: string[] = [];
  const recent: string[] = [];
  // Only the app's own folders: a shared bucket may hold other things.
  for (const prefix of KEY_PREFIXES) {
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
  garbage: Garbage,
  now = new Date(),
): Promise<{ uploads: number; files: number }> {
  const expiredBefore = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS);
  const ids = (table: Garbage["expiredUploads"][number]["table"]) =>
    garbage.expiredUploads.filter((upload) => upload.table === table).map((upload) => upload.id);
  const imageIds = ids("uploads");
  const documentIds = ids("contract_uploads");
  // Claimed since they were listed? Then the row is gone and so is nothing of theirs.
  const deleted = [
    ...(imageIds.length === 0
      ? []
      : await db
          .delete(schema.uploads)
          .where(and(inArray(schema.uploads.id, imageIds), lt(schema.uploads.createdAt, expiredBefore)))
          .returning({ key: schema.uploads.storageKey, width: schema.uploads.width })),
    ...(documentIds.length === 0
      ? []
      : await db
          .delete(schema.contractUploads)
          .where(
            and(inArray(schema.contractUploads.id, documentIds), lt(schema.contractUploads.createdAt, expiredBefore)),
          )
          .returning({ key: schema.contractUploads.storageKey, width: sql<null>`null::int` })),
  ];
  // Look again: a file referenced since the listing stays.
  const referenced = await referencedKeys(db);
  const files = [
    ...deleted.flatMap((upload) => storedImageKeys(upload.key, upload.width)),
    ...garbage.orphans.filter((key) => !referenced.has(key)),
  ];
  await deleteKeys(store, files);
  return { uploads: deleted.length, files: files.length };
}
