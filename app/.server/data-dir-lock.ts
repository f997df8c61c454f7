// An exclusive lock on $DATA_DIR, so a second server (or a backup, restore or
// demo seed) never opens the embedded database while another process has it.
import fs from "node:fs";
import path from "node:path";

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
        `Stop it first, or use another DATA_DIR. If no such process runs, delete ${lockFile}.`,
    );
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, "playfolio.lock");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function readLock(dataDir: string): LockInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(lockFilePath(dataDir), "utf8")) as LockInfo;
    return typeof info.pid === "number" && isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export interface DataDirLock {
  update(patch: Partial<LockInfo>): void;
  release(): void;
}

/** Takes the lock or throws DataDirLockedError; a lock left by a dead process is taken over. */
export function acquireDataDirLock(dataDir: string, purpose: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = lockFilePath(dataDir);
  let info: LockInfo = { pid: process.pid, purpose, startedAt: new Date().toISOString() };

  let taken = false;
  for (let attempt = 0; attempt < 2 && !taken; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(info), { flag: "wx" });
      taken = true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readLock(dataDir);
      if (holder) throw new DataDirLockedError(file, holder);
      fs.rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  // Two processes taking over the same stale lock at once: the one whose
  // content did not survive backs off.
  const holder = readLock(dataDir);
  if (!taken || holder?.pid !== process.pid) {
    throw new DataDirLockedError(file, holder ?? { pid: 0, purpose: "unknown", startedAt: "unknown" });
  }

  let released = false;
  return {
    update(patch) {
      info = { ...info, ...patch };
      fs.writeFileSync(file, JSON.stringify(info));
    },
    release() {
      if (released) return;
      released = true;
      try {
        const current = JSON.parse(fs.readFileSync(file, "utf8")) as LockInfo;
        if (current.pid === process.pid) fs.rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
