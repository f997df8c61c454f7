// `npm run restore FILE`: restores into an empty $DATA_DIR (embedded database)
// or an empty DATABASE_URL, holding the $DATA_DIR lock so no server starts
// meanwhile. Whatever fails, the target is left as empty as it was.
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, readLock } from "../data-dir-lock";
import type { Database } from "../db";
import { openDatabase } from "../db/client";
import { BackupError } from "./errors";
import { isEmptyOrAbsent } from "./uploads";
import {
  assertDatabaseEmpty,
  assertUploadsEmpty,
  openArchive,
  restoreArchive,
  type RestoreSummary,
} from "./restore-backup";

export interface RestoreOptions {
  dataDir: string;
  databaseUrl?: string;
  /** The archive to restore. */
  file: string;
}

export async function runRestore(options: RestoreOptions): Promise<RestoreSummary> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`No such file: ${file}`);

  const holder = readLock(options.dataDir);
  if (holder) {
    throw new BackupError(
      holder.purpose === "server"
        ? `A Playfolio server (pid ${holder.pid}) is running on ${options.dataDir}: stop it before restoring.`
        : `${options.dataDir} is in use by a Playfolio ${holder.purpose} (pid ${holder.pid}): wait for it to finish.`,
    );
  }
  let lock;
  try {
    lock = acquireDataDirLock(options.dataDir, "restore");
  } catch (error) {
    if (error instanceof DataDirLockedError) throw new BackupError(error.message);
    throw error;
  }

  const uploadsDir = path.join(options.dataDir, "uploads");
  const dbDir = path.join(options.dataDir, "db");
  let database: Database | undefined;
  let archive;
  // Set once db/ is known to be empty: only then may a failure remove it.
  let dbDirIsOurs = false;
  try {
    await assertUploadsEmpty(uploadsDir);
    if (options.databaseUrl) {
      database = await openDatabase({ kind: "postgres", url: options.databaseUrl });
      await assertDatabaseEmpty(database.db);
    } else if (!isEmptyOrAbsent(dbDir)) {
      throw new BackupError(`${dbDir} already holds a database: restore only into an empty DATA_DIR.`);
    } else {
      dbDirIsOurs = true;
    }
    // Unpacked and checked before the embedded database is even created.
    archive = await openArchive(file, options.dataDir);
    database ??= await openDatabase({ kind: "pglite", dataDir: dbDir });
    const summary = await restoreArchive(archive, { database, uploadsDir });
    await database.close();
    database = undefined;
    return summary;
  } catch (error) {
    await database?.close().catch(() => {});
    // It was empty and we hold the lock: what is there now is ours, half-made.
    if (dbDirIsOurs) fs.rmSync(dbDir, { recursive: true, force: true });
    throw error;
  } finally {
    await archive?.dispose();
    lock.release();
  }
}
