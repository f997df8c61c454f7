// Runs before every test file: its own DATA_DIR, and console.error fails the test.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeEach, vi } from "vitest";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-test-"));
process.env.DATA_DIR = dataDir;
process.env.AUTH_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.LOG_LEVEL ??= "silent";

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});
