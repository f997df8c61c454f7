// Restores an archive into an empty database and uploads folder: all of it in
// one transaction, or nothing at all.
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { getTableName, sql } from "drizzle-orm";
import { IN_USE_TABLES } from "~/tables";
import type { Database, Db } from "../db";
import { migrateDatabase } from "../db/migrate";
import { DATABASE_DIR, extractArchive, inspectArchive, UPLOADS_DIR } from "./archive";
import { BackupError } from "./errors";
import type { Manifest } from "./manifest";
import { checkArchiveMigrations } from "./migrations";
import { backupTables, columnsInDatabase, LIVE_TABLES } from "./tables";
import { hasAnyFile, placeUploads, type PlacedFiles } from "./uploads";

type Queryable = Pick<Db, "execute">;

const INSERT_BATCH = 500;

export async function assertDatabaseEmpty(db: Queryable): Promise<void> {
  const present = await columnsInDatabase(db);
  for (const name of IN_USE_TABLES.map(getTableName)) {
    if (!present.has(name)) continue;
    const result = await db.execute<{ found: boolean }>(
      sql`select exists (select 1 from ${sql.identifier(name)}) as "found"`,
    );
    if (result.rows[0]?.found) {
      throw new BackupError(
        `The target database is not empty (table "${name}" has rows): restore only into an empty database.`,
      );
    }
  }
}

export async function assertUploadsEmpty(uploadsDir: string): Promise<void> {
  if (await hasAnyFile(uploadsDir)) {
    throw new BackupError(`${uploadsDir} already holds files: restore only into an empty DATA_DIR.`);
  }
}

export interface OpenedArchive {
  manifest: Manifest;
  /** Where the archive was unpacked. */
  dir: string;
  /** Removes the unpacked files. */
  dispose(): Promise<void>;
}

/**
 * Checks an archive is whole and fits this code, then unpacks it into a folder
 * of `workDir` (on the disk of the uploads, so files are then linked into place).
 */
export async function openArchive(file: string, workDir: string): Promise<OpenedArchive> {
  const { manifest, uploadFiles, tables } = await inspectArchive(file);
  checkArchiveMigrations(manifest.migrations);
  const known = new Set(backupTables().map((table) => table.name));
  for (const table of manifest.tables) {
    // An archive made before live tables were left out: they are skipped.
    if (LIVE_TABLES.has(table.name)) continue;
    if (!known.has(table.name)) {
      throw new BackupError(`This backup has a table "${table.name}" that this version of Playfolio does not know.`);
    }
    if (!tables.has(table.name)) {
      throw new BackupError(`This backup is incomplete: ${DATABASE_DIR}/${table.name}.jsonl is missing.`);
    }
  }
  if (uploadFiles !== manifest.uploads.files) {
    throw new BackupError(
      `This backup is incomplete: it holds ${uploadFiles} upload files where its manifest says ${manifest.uploads.files}.`,
    );
  }

  await fs.promises.mkdir(workDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(workDir, ".restore-"));
  // Retries: after a failed unpack, tar may still be closing files in there.
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  try {
    await extractArchive(file, dir);
    return { manifest, dir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Inserts the rows of a .jsonl file in batches; Postgres turns the JSON back into each column's type. */
async function insertRows(tx: Queryable, table: string, columns: string[], file: string): Promise<number> {
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  let count = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    try {
      await tx.execute(
        sql`insert into ${sql.identifier(table)} (${columnList})
            select ${columnList} from json_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(",")}]`}::json)`,
      );
    } catch (error) {
      throw new BackupError(`Could not restore table "${table}": ${error instanceof Error ? error.message : error}`);
    }
    count += batch.length;
    batch = [];
  };
  const lines = readline.createInterface({ input: fs.createReadStream(file, "utf8"), crlfDelay: Infinity });
  for await (const line of lines) {
    if (line === "") continue;
    if (!line.startsWith("{") || !line.endsWith("}")) {
      throw new BackupError(
        `This backup is damaged: ${DATABASE_DIR}/${table}.jsonl line ${count + batch.length + 1} is not a row.`,
      );
    }
    batch.push(line);
    if (batch.length >= INSERT_BATCH) await flush();
  }
  await flush();
  return count;
}

export interface RestoreTarget {
  database: Database;
  /** $DATA_DIR/uploads of the target. */
  uploadsDir: string;
}

export interface RestoreSummary {
  manifest: Manifest;
  tables: { name: string; rows: number }[];
  files: number;
  bytes: number;
}

/** Migrates the target, then puts the archive's files and rows in; on any failure nothing stays. */
export async function restoreArchive(archive: OpenedArchive, target: RestoreTarget): Promise<RestoreSummary> {
  const { manifest } = archive;
  await assertUploadsEmpty(target.uploadsDir);
  // Before migrating: a database that turns out to be in use must not be changed at all.
  await assertDatabaseEmpty(target.database.db);
  await migrateDatabase(target.database);

  const columns = await columnsInDatabase(target.database.db);
  for (const table of manifest.tables) {
    if (LIVE_TABLES.has(table.name)) continue;
    const missing = table.columns.filter((column) => !columns.get(table.name)?.includes(column));
    if (missing.length > 0) {
      throw new BackupError(
        `This backup's table "${table.name}" has columns this version of Playfolio does not have: ${missing.join(", ")}.`,
      );
    }
  }
  const archived = new Map(manifest.tables.map((table) => [table.name, table]));
  // Parents before children, whatever order the manifest lists them in.
  const order = backupTables().filter((table) => archived.has(table.name));

  let placed: PlacedFiles | undefined;
  const tables: RestoreSummary["tables"] = [];
  try {
    await target.database.db.transaction(async (tx) => {
      // A server sharing this PostgreSQL must not write between our check and our inserts.
      await tx.execute(
        sql`lock table ${sql.join(
          backupTables().map((table) => sql.identifier(table.name)),
          sql`, `,
        )} in exclusive mode`,
      );
      await assertDatabaseEmpty(tx);
      // The rows come back as they were, history included: restoring them is not a change to record.
      await tx.execute(sql`select set_config('playfolio.history', 'off', true)`);
      // Files before rows, as the app writes them: no row ever points to a file not yet there.
      placed = await placeUploads(path.join(archive.dir, UPLOADS_DIR), target.uploadsDir);
      for (const table of order) {
        const { columns: archivedColumns, rows: expected } = archived.get(table.name)!;
        const file = path.join(archive.dir, DATABASE_DIR, `${table.name}.jsonl`);
        const rows = archivedColumns.length === 0 ? 0 : await insertRows(tx, table.name, archivedColumns, file);
        if (rows !== expected) {
          throw new BackupError(
            `This backup is damaged: ${DATABASE_DIR}/${table.name}.jsonl has ${rows} rows where its manifest says ${expected}.`,
          );
        }
        tables.push({ name: table.name, rows });
      }
      // Rows came with their ids: each sequence continues after the highest.
      const { rows: serials } = await tx.execute<{ table_name: string; column_name: string }>(
        sql`select table_name, column_name from information_schema.columns
            where table_schema = current_schema() and column_default like 'nextval(%'`,
      );
      for (const { table_name: table, column_name: column } of serials) {
        await tx.execute(
          sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce(max(${sql.identifier(column)}), 0) + 1, false)
              from ${sql.identifier(table)}`,
        );
      }
      // Two-factor secrets are never restored (tables.ts): an account still marked as
      // having one could not finish signing in.
      await tx.execute(sql`update "user" set two_factor_enabled = false where two_factor_enabled`);
    });
  } catch (error) {
    await placed?.undo();
    throw error;
  }
  return { manifest, tables, files: placed?.files ?? 0, bytes: placed?.bytes ?? 0 };
}

/** Checks the target is empty, unpacks `file` into `workDir` and restores it. */
export async function restoreBackup(
  file: string,
  target: RestoreTarget & { workDir: string },
): Promise<RestoreSummary> {
  // The cheap refusals first, before unpacking what may be gigabytes.
  await assertUploadsEmpty(target.uploadsDir);
  await assertDatabaseEmpty(target.database.db);
  const archive = await openArchive(file, target.workDir);
  try {
    return await restoreArchive(archive, target);
  } finally {
    await archive.dispose();
  }
}
