// Makes an archive: every table's rows from one read-only snapshot, then the
// upload files, staged in a folder beside $DATA_DIR/uploads and packed as one
// gzip'd tar.
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import type { Database, Db } from "../db";
import { logger } from "../logger";
import { DATABASE_DIR, packArchive, saveStream, UPLOADS_DIR } from "./archive";
import { BackupError } from "./errors";
import { MANIFEST_FILE, newManifest, type Manifest } from "./manifest";
import { appliedMigrations } from "./migrations";
import { backupTables, columnsInDatabase, type BackupTable } from "./tables";
import { copyUploads } from "./uploads";

type Queryable = Pick<Db, "execute">;

const READ_BATCH = 1000;

export interface BackupSource {
  database: Database;
  /** $DATA_DIR/uploads, or null when uploads live elsewhere (S3) and only the database is saved. */
  uploadsDir: string | null;
  /** Where the archive's contents are staged: on the disk of uploadsDir, so files are linked rather than copied. */
  workDir: string;
}

/** Writes the table's rows to `file`, one row_to_json per line, in key order and batches. */
async function dumpTable(tx: Queryable, table: BackupTable, file: string): Promise<number> {
  const key = sql.join(
    table.primaryKey.map(({ column }) => sql`t.${sql.identifier(column)}`),
    sql`, `,
  );
  const keyAsText = sql.join(
    table.primaryKey.map(
      ({ column }, index) => sql`t.${sql.identifier(column)}::text as ${sql.identifier(`k${index}`)}`,
    ),
    sql`, `,
  );
  const handle = await fs.promises.open(file, "wx");
  try {
    let rows = 0;
    let after: string[] | undefined;
    for (;;) {
      // Keyset pagination: each batch starts after the last key of the one before, without OFFSET.
      const where = after
        ? sql`where (${key}) > (${sql.join(
            after.map((value, index) => sql`${value}::${sql.raw(table.primaryKey[index]!.sqlType)}`),
            sql`, `,
          )})`
        : sql``;
      const batch = await tx.execute<Record<string, string>>(
        sql`select row_to_json(t)::text as "row", ${keyAsText}
            from ${sql.identifier(table.name)} t ${where}
            order by ${key} limit ${READ_BATCH}`,
      );
      if (batch.rows.length === 0) break;
      await handle.write(batch.rows.map((row) => `${row.row}\n`).join(""));
      rows += batch.rows.length;
      const last = batch.rows[batch.rows.length - 1]!;
      after = table.primaryKey.map((_, index) => last[`k${index}`]!);
      if (batch.rows.length < READ_BATCH) break;
    }
    return rows;
  } finally {
    await handle.close();
  }
}

async function referencedUploadKeys(tx: Queryable, tables: BackupTable[], columns: Map<string, string[]>) {
  const selects = tables.flatMap((table) =>
    table.uploadKeyColumns
      .filter((column) => columns.get(table.name)?.includes(column))
      .map((column) => sql`select ${sql.identifier(column)} as k from ${sql.identifier(table.name)}`),
  );
  if (selects.length === 0) return new Set<string>();
  const result = await tx.execute<{ k: string }>(
    sql`select distinct k from (${sql.join(selects, sql` union all `)}) keys where k is not null`,
  );
  return new Set(result.rows.map((row) => row.k));
}

/** Reads every table inside one read-only REPEATABLE READ transaction, so the rows agree with each other. */
async function snapshotDatabase(database: Database, dir: string) {
  return database.db.transaction(
    async (tx) => {
      // Every timestamptz is then written with +00:00, whatever the server's time zone.
      await tx.execute(sql`set local time zone 'UTC'`);
      const migrations = await appliedMigrations(tx);
      const columns = await columnsInDatabase(tx);
      // A database not yet migrated to this code lacks its newest tables; they have no rows to save.
      const present = backupTables().filter((table) => columns.has(table.name));
      if (present.length === 0) throw new BackupError("The database has no Playfolio tables: nothing to back up.");
      const tables: Manifest["tables"] = [];
      for (const table of present) {
        const rows = await dumpTable(tx, table, path.join(dir, `${table.name}.jsonl`));
        tables.push({ name: table.name, rows, columns: columns.get(table.name)! });
      }
      return { migrations, tables, referencedKeys: await referencedUploadKeys(tx, present, columns) };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export interface PreparedBackup {
  manifest: Manifest;
  /** The archive as a gzip stream; read it once. */
  stream(): Readable;
  /** Removes the staged files, once the stream is read or abandoned. */
  dispose(): Promise<void>;
}

/** Snapshots the database and uploads into a staging folder; the archive is then streamed from it. */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  await fs.promises.mkdir(source.workDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(source.workDir, ".backup-"));
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    await fs.promises.mkdir(path.join(dir, DATABASE_DIR));
    const snapshot = await snapshotDatabase(source.database, path.join(dir, DATABASE_DIR));

    const uploads: Manifest["uploads"] = { included: source.uploadsDir !== null, files: 0, bytes: 0, missing: [] };
    if (source.uploadsDir) {
      // Files are written before their rows and deleted after them, so a file the
      // snapshot refers to is still here unless its row was deleted since.
      const copied = await copyUploads(source.uploadsDir, path.join(dir, UPLOADS_DIR));
      uploads.files = copied.files;
      uploads.bytes = copied.bytes;
      uploads.missing = [...snapshot.referencedKeys].filter((key) => !copied.keys.has(key)).sort();
      for (const key of uploads.missing) {
        logger().warn(
          { key },
          `backup: uploads/${key} is referenced by the database but was not there to copy (deleted after the snapshot?)`,
        );
      }
    }

    const manifest = newManifest({
      createdAt: new Date().toISOString(),
      source: source.database.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      uploads,
    });
    await fs.promises.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return { manifest, stream: () => packArchive(dir), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Makes an archive at `file` (which must not exist yet). */
export async function writeBackupFile(
  source: BackupSource,
  file: string,
): Promise<{ manifest: Manifest; bytes: number }> {
  const prepared = await prepareBackup(source);
  try {
    await saveStream(prepared.stream(), file);
  } finally {
    await prepared.dispose();
  }
  return { manifest: prepared.manifest, bytes: (await fs.promises.stat(file)).size };
}
