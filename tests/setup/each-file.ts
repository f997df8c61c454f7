// Runs before every test file: a DATA_DIR, cheap password hashing, and console.error fails the test.
// Files that share their worker's process (vitest.config.ts, `isolate: false`)
// share its DATA_DIR too: the app reads it once per process (env(), storage,
// the outbox), so a new one per file would not be seen. A file that runs
// isolated gets its own, removed after it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, vi } from "vitest";
import { setCheapPasswordHashing } from "~/.server/auth/password-hashing";

const makeDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-test-"));
const worker = globalThis as { playfolioTestDataDir?: string };

if (process.env.TEST_ISOLATED) {
  const dataDir = makeDataDir();
  process.env.DATA_DIR = dataDir;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
} else if (!worker.playfolioTestDataDir) {
  const dataDir = (worker.playfolioTestDataDir = makeDataDir());
  process.env.DATA_DIR = dataDir;
  process.once("exit", () => fs.rmSync(dataDir, { recursive: true, force: true }));
}
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.LOG_LEVEL ??= "silent";
// Passwords hash in microseconds instead of 82 ms of CPU; only password-hashing.test.ts sees the real scrypt (decision 0088).
setCheapPasswordHashing(true);

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
