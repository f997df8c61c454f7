// Makes an archive: the database's SQL and the upload files, staged beside $DATA_DIR/uploads, packed as one tar.gz.
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { packArchive, saveStream } from "./archive";
import { dumpDatabase, type DumpSource } from "./database-sql";
import { DATABASE_FILE, MANIFEST_FILE, newManifest, UPLOADS_DIR, type Manifest } from "./manifest";
import { linkUploads } from "./uploads";

export interface BackupSource {
  database: DumpSource;
  /** $DATA_DIR/uploads, or null when uploads live elsewhere (S3) and only the database is saved. */
  uploadsDir: string | null;
  /** Where the archive's contents are staged: on the disk of uploadsDir, so files are linked rather than copied. */
  workDir: string;
}

export interface PreparedBackup {
  manifest: Manifest;
  /** The archive as a gzip stream; read it once. */
  stream(): Readable;
  /** Removes the staged files, once the stream is read or abandoned. */
  dispose(): Promise<void>;
}

/** Dumps the database and links the uploads into a staging folder; the archive is then streamed from it. */
export async function prepareBackup(source: BackupSource): Promise<PreparedBackup> {
  await fs.promises.mkdir(source.workDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(source.workDir, ".backup-"));
  const dispose = () => fs.promises.rm(dir, { recursive: true, force: true });
  try {
    const dumped = await dumpDatabase(source.database, path.join(dir, DATABASE_FILE));
    // Files are written before their rows and deleted after them: a file the dump names is still here.
    if (source.uploadsDir) await linkUploads(source.uploadsDir, path.join(dir, UPLOADS_DIR));
    const manifest = newManifest({
      createdAt: new Date().toISOString(),
      source: source.database.kind,
      ...dumped,
      uploadsIncluded: source.uploadsDir !== null,
    });
    await fs.promises.writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return { manifest, stream: () => packArchive(dir), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** Makes an archive at `file` (which must not exist yet). */
export async function writeBackupFile(source: BackupSource, file: string): Promise<void> {
  const prepared = await prepareBackup(source);
  try {
    await saveStream(prepared.stream(), file);
  } finally {
    await prepared.dispose();
  }
}
