// An exclusive lock on $DATA_DIR, so no second process opens the embedded database (decision 0012): the
// kernel's open-file-description lock, dropped however the holder dies; the file's JSON is for people.
import fs from "node:fs";
import path from "node:path";
import { tryLock } from "fs-native-extensions";

export interface LockInfo {
  pid: number;
  /** The port the holding server listens on, when it is a server. */
  port?: number;
  purpose: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockInfo,
  ) {
    super(
      `DATA_DIR ${path.dirname(lockFile)} is in use by another Playfolio process ` +
        `(${holder.purpose}, pid ${holder.pid}, since ${holder.startedAt}). ` +
        `Stop it first, or use another DATA_DIR.`,
    );
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "playfolio.lock");
}

const UNKNOWN_HOLDER: LockInfo = { pid: 0, purpose: "unknown", startedAt: "unknown" };

function readInfo(fd: number): LockInfo {
  try {
    const info = JSON.parse(fs.readFileSync(fd, "utf8")) as LockInfo;
    return typeof info.pid === "number" ? info : UNKNOWN_HOLDER;
  } catch {
    // Written by a holder that is still starting, or by something else.
    return UNKNOWN_HOLDER;
  }
}

/** Who holds the lock of `dataDir`, or undefined when nobody does (a left-over file is not a holder). */
export function readLock(dataDir: string): LockInfo | undefined {
  let fd: number;
  try {
    fd = fs.openSync(lockFilePath(dataDir), fs.constants.O_RDWR);
  } catch {
    return undefined; // no file: never locked
  }
  try {
    // Locking it ourselves, even for a moment, proves nobody else holds it.
    if (tryLock(fd)) return undefined;
    return readInfo(fd);
  } finally {
    fs.closeSync(fd); // also drops the moment's lock
  }
}

export interface DataDirLock {
  update(patch: Partial<LockInfo>): void;
  release(): void;
}

/** Takes the lock or throws DataDirLockedError. */
export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  // Opened for writing (an OFD write lock needs it) without truncating, and never deleted: one inode for all.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  if (!tryLock(fd)) {
    const holder = readInfo(fd);
    fs.closeSync(fd);
    throw new DataDirLockedError(file, holder);
  }
  let info: LockInfo = { pid: process.pid, purpose, startedAt: new Date().toISOString() };
  const write = () => {
    const text = JSON.stringify(info);
    fs.ftruncateSync(fd, 0);
    fs.writeSync(fd, text, 0, "utf8");
  };
  write();

  let released = false;
  return {
    update(patch) {
      info = { ...info, ...patch };
      write();
    },
    release() {
      if (released) return;
      released = true;
      // Emptied, not deleted: a process that just opened the old file would lock an inode nobody looks at.
      fs.ftruncateSync(fd, 0);
      fs.closeSync(fd);
    },
  };
}
