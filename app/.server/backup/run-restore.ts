// `npm run restore FILE`: into an empty $DATA_DIR or DATABASE_URL, under the lock; on any failure it stays empty.
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import type { PGlite } from "@electric-sql/pglite";
import { extractArchive, inspectArchive, type ArchiveContents } from "./archive";
import { assertPostgresEmpty, loadIntoPglite, loadIntoPostgres } from "./database-sql";
import { BackupError } from "./errors";
import { DATABASE_FILE, UPLOADS_DIR } from "./manifest";
import { checkArchiveMigrations } from "./migrations";
import { removeIfNoFiles, uploadFiles } from "./uploads";

interface RestoreOptions {
  dataDir: string;
  databaseUrl?: string;
  file: string;
  /** A blank embedded data dir (a tar) to start from instead of initdb (tests keep one). */
  blankTemplate?: string;
}

function holdDataDir(dataDir: string) {
  try {
    return acquireDataDirLock(dataDir, "restore");
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const { pid, purpose } = error.holder;
    throw new BackupError(
      purpose === "server"
        ? `A Playfolio server (pid ${pid}) is running on ${dataDir}: stop it before restoring.`
        : `${dataDir} is in use by a Playfolio ${purpose} (pid ${pid}): wait for it to finish.`,
    );
  }
}

/** Moves a staged folder into place where an empty one (or none) was: a rename, never over a file. */
async function moveInto(staged: string, target: string, refusal: string): Promise<void> {
  if (!(await removeIfNoFiles(target))) throw new BackupError(refusal);
  await fs.promises.rename(staged, target);
}

export async function runRestore(options: RestoreOptions): Promise<ArchiveContents> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const lock = holdDataDir(options.dataDir);
  const uploadsDir = path.join(options.dataDir, UPLOADS_DIR);
  const dbDir = path.join(options.dataDir, "db");
  const refuseUploads = `${uploadsDir} already holds files: restore only into an empty DATA_DIR.`;
  const refuseDb = `${dbDir} already holds a database: restore only into an empty DATA_DIR.`;
  let staging: string | undefined;
  try {
    // The cheap refusals first, before reading what may be gigabytes.
    if ((await uploadFiles(uploadsDir)).length > 0) throw new BackupError(refuseUploads);
    if (options.databaseUrl) await assertPostgresEmpty(options.databaseUrl);
    else if (fs.existsSync(dbDir) && fs.readdirSync(dbDir).length > 0) throw new BackupError(refuseDb);
    const contents = await inspectArchive(file);
    checkArchiveMigrations(contents.manifest.migrations);

    staging = await fs.promises.mkdtemp(path.join(options.dataDir, ".restore-"));
    await extractArchive(file, staging);
    const sql = path.join(staging, DATABASE_FILE);
    if (!options.databaseUrl) {
      // A new embedded database made aside, moved into place only once whole.
      const database = await openDatabase({
        kind: "pglite",
        dataDir: path.join(staging, "db"),
        template: options.blankTemplate,
      });
      try {
        await loadIntoPglite(database.raw as PGlite, sql);
      } finally {
        await database.close();
      }
    }
    // Files before rows, as the app writes them: no row ever points to a file not yet there.
    const stagedUploads = path.join(staging, UPLOADS_DIR);
    const placing = fs.existsSync(stagedUploads);
    if (placing) await moveInto(stagedUploads, uploadsDir, refuseUploads);
    try {
      if (options.databaseUrl) await loadIntoPostgres(options.databaseUrl, sql);
      else await moveInto(path.join(staging, "db"), dbDir, refuseDb);
    } catch (error) {
      if (placing) await fs.promises.rename(uploadsDir, stagedUploads);
      throw error;
    }
    return contents;
  } finally {
    // Retries: after a failed unpack, tar may still be closing files in there.
    if (staging) await fs.promises.rm(staging, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    lock.release();
  }
}
