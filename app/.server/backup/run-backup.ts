// `npm run backup`: pg_dump with DATABASE_URL; else the embedded database, opened here if free, else via its server.
import fs from "node:fs";
import path from "node:path";
import { format } from "date-fns";
import { acquireDataDirLock, DataDirLockedError, readLock } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import { inspectArchive, type ArchiveContents } from "./archive";
import { dumpSourceOf } from "./database-sql";
import { BackupError } from "./errors";
import { downloadBackup } from "./from-server";
import { writeBackupFile } from "./make-backup";

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  storageDriver: "local" | "s3";
  /** The archive to write; must not exist. */
  out: string;
}

export interface BackupOutcome extends ArchiveContents {
  file: string;
  bytes: number;
  /** "server" when the running server made the archive. */
  madeBy: "this process" | "server";
}

/** playfolio-backup-YYYYMMDD-HHMMSS.tar.gz, in local time. */
export function defaultBackupName(now = new Date()): string {
  return `playfolio-backup-${format(now, "yyyyMMdd-HHmmss")}.tar.gz`;
}

/** Makes the archive, then reads it back whole: what it says is what a restore will find. */
async function made(file: string, madeBy: BackupOutcome["madeBy"], make: () => Promise<void>): Promise<BackupOutcome> {
  await make();
  try {
    return { file, bytes: fs.statSync(file).size, madeBy, ...(await inspectArchive(file)) };
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}

export async function runBackup(options: BackupOptions): Promise<BackupOutcome> {
  const file = path.resolve(options.out);
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another name with --out.`);
  if (!fs.existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const source = {
    uploadsDir: options.storageDriver === "local" ? path.join(options.dataDir, "uploads") : null,
    workDir: options.dataDir,
  };

  if (options.databaseUrl) {
    const url = options.databaseUrl;
    return made(file, "this process", () => writeBackupFile({ database: { kind: "postgres", url }, ...source }, file));
  }

  const holder = readLock(options.dataDir);
  if (holder?.purpose === "server") {
    if (holder.port === undefined) {
      throw new BackupError(
        `A Playfolio server (pid ${holder.pid}) is starting on ${options.dataDir}: try again in a moment.`,
      );
    }
    return made(file, "server", () => downloadBackup(holder.port!, file));
  }
  if (holder) {
    throw new BackupError(
      `${options.dataDir} is in use by a Playfolio ${holder.purpose} (pid ${holder.pid}): wait for it to finish, then try again.`,
    );
  }

  const dbDir = path.join(options.dataDir, "db");
  if (!fs.existsSync(path.join(dbDir, "PG_VERSION")))
    throw new BackupError(`Nothing to back up: there is no database in ${dbDir}.`);
  let lock;
  try {
    lock = acquireDataDirLock(options.dataDir, "backup");
  } catch (error) {
    // A server started between our look at the lock and now.
    if (error instanceof DataDirLockedError) throw new BackupError(`${error.message} Then run the backup again.`);
    throw error;
  }
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: dbDir });
    try {
      return await made(file, "this process", () =>
        writeBackupFile({ database: dumpSourceOf(database), ...source }, file),
      );
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}
