// `npm run backup`: finds where the database lives and who may read it. With
// DATABASE_URL we connect; with the embedded database we open it ourselves when
// $DATA_DIR is free, or ask the server that holds it.
import fs from "node:fs";
import path from "node:path";
import { acquireDataDirLock, DataDirLockedError, readLock } from "../data-dir-lock";
import { openDatabase } from "../db/client";
import { inspectArchive } from "./archive";
import { writeBackupFile } from "./create-backup";
import { BackupError } from "./errors";
import { isEmptyOrAbsent } from "./uploads";
import { downloadBackup } from "./from-server";
import type { Manifest } from "./manifest";

export interface BackupOptions {
  dataDir: string;
  databaseUrl?: string;
  storageDriver: "local" | "s3";
  /** The archive to write; must not exist. */
  out: string;
}

export interface BackupOutcome {
  file: string;
  bytes: number;
  manifest: Manifest;
  /** "server" when the running server made the archive. */
  madeBy: "this process" | "server";
}

/** playfolio-backup-YYYYMMDD-HHMMSS.tar.gz, in local time. */
export function defaultBackupName(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const date = `${now.getFullYear()}${two(now.getMonth() + 1)}${two(now.getDate())}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `playfolio-backup-${date}-${time}.tar.gz`;
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
    const database = await openDatabase({ kind: "postgres", url: options.databaseUrl });
    try {
      const { manifest, bytes } = await writeBackupFile({ database, ...source }, file);
      return { file, bytes, manifest, madeBy: "this process" };
    } finally {
      await database.close();
    }
  }

  const holder = readLock(options.dataDir);
  if (holder?.purpose === "server") {
    if (holder.port === undefined) {
      throw new BackupError(
        `A Playfolio server (pid ${holder.pid}) is starting on ${options.dataDir}: try again in a moment.`,
      );
    }
    await downloadBackup(holder.port, file);
    try {
      const { manifest, uploadFiles } = await inspectArchive(file);
      if (uploadFiles !== manifest.uploads.files) {
        throw new BackupError(
          `The archive from the server holds ${uploadFiles} files where its manifest says ${manifest.uploads.files}.`,
        );
      }
      return { file, bytes: fs.statSync(file).size, manifest, madeBy: "server" };
    } catch (error) {
      fs.rmSync(file, { force: true });
      throw error;
    }
  }
  if (holder) {
    throw new BackupError(
      `${options.dataDir} is in use by a Playfolio ${holder.purpose} (pid ${holder.pid}): wait for it to finish, then try again.`,
    );
  }

  const dbDir = path.join(options.dataDir, "db");
  if (isEmptyOrAbsent(dbDir)) throw new BackupError(`Nothing to back up: there is no database in ${dbDir}.`);
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
      const { manifest, bytes } = await writeBackupFile({ database, ...source }, file);
      return { file, bytes, manifest, madeBy: "this process" };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}
