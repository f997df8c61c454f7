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

const MODULE = path.resolve(import.meta.dirname, "data-dir-lock.ts");

/** Another process that takes the lock, says "locked" and then waits to be killed. */
async function holderProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "-e",
      `import(${JSON.stringify(MODULE)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)}, "server"); console.log("locked"); setInterval(() => {}, 1000); })`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("locked") && resolve());
    child.on("exit", (code) => reject(new Error(`the holder exited (${code})`)));
  });
  return child;
}

describe("data dir lock", () => {
  test("a second holder is refused while the first holds it, and admitted after release", () => {
    const dir = tempDir();
    const first = acquireDataDirLock(dir, "server");
    expect(() => acquireDataDirLock(dir, "backup")).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir, "backup")).toThrow(/is in use by another Playfolio process \(server, pid/);
    first.release();
    expect(readLock(dir)).toBeUndefined();
    acquireDataDirLock(dir, "backup").release();
  });

  test("creates the data dir when it does not exist", () => {
    const dir = path.join(tempDir(), "nested", "data");
    acquireDataDirLock(dir, "server").release();
    expect(fs.existsSync(dir)).toBe(true);
  });

  test("another process's lock holds until that process is killed with SIGKILL, then is free at once", async () => {
    const dir = tempDir();
    const child = await holderProcess(dir);
    expect(readLock(dir)).toMatchObject({ pid: child.pid, purpose: "server" });
    expect(() => acquireDataDirLock(dir, "server")).toThrow(DataDirLockedError);
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    expect(readLock(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir, "server");
    expect(readLock(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  test("a lock file left by a dead process is no lock, even when it names our own pid (a restarted container)", () => {
    const dir = tempDir();
    // In a fresh PID namespace the new server often gets the dead one's pid.
    fs.writeFileSync(
      lockFilePath(dir),
      JSON.stringify({ pid: process.pid, purpose: "server", startedAt: "before the restart" }),
    );
    expect(readLock(dir)).toBeUndefined();
    const lock = acquireDataDirLock(dir, "server");
    expect(readLock(dir)).toMatchObject({ pid: process.pid, purpose: "server" });
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
