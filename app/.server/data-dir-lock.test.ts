import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { acquireDataDirLock, DataDirLockedError, lockFilePath, readLock } from "./data-dir-lock";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("data dir lock", () => {
  test("a second holder is refused while the first holds it, and admitted after release", () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir, "server");
    expect(() => acquireDataDirLock(dir, "backup")).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, "backup")).toThrow(/is in use by another Playfolio process \(server, pid/);
    first.release();
    expect(fs.existsSync(lockFilePath(dir))).toBe(false);
    acquireDataDirLock(dir, "backup").release();
  });

  test("creates the data dir when it does not exist", () => {
    const dir = path.join(tempDir(), "nested", "data");
    acquireDataDirLock(dir, "server").release();
    expect(fs.existsSync(dir)).toBe(true);
  });

  test("takes over a lock left by a process that is gone", async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ["-e", "0"]);
    const deadPid = child.pid!;
    await new Promise((resolve) => child.on("exit", resolve));
    fs.writeFileSync(lockFilePath(dir), JSON.stringify({ pid: deadPid, purpose: "server", startedAt: "earlier" }));
    const lock = acquireDataDirLock(dir, "server");
    expect(readLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  test("records the port for tools that talk to the running server", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "server");
    lock.update({ port: 4321 });
    expect(readLock(dir)).toMatchObject({ pid: process.pid, port: 4321, purpose: "server" });
    lock.release();
  });
});
