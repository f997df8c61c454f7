import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/*.test.ts", "tests/unit/**/*.test.ts"];

/**
 * The test files that touch a database (withTestDatabase, or a test that asks
 * which database it runs on). Only they run a second time on PostgreSQL: the
 * others test pure code, and running them twice cost CI about a minute.
 */
function databaseTestFiles(): string[] {
  return ["app", "scripts", "tests"]
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith(path.join("tests", "e2e")))
    .filter((file) => /withTestDatabase\(|TEST_DATABASE_KIND/.test(fs.readFileSync(file, "utf8")));
}

// The whole suite runs on PGlite; the database tests run again on PostgreSQL
// when TEST_DATABASE_URL is set (CI starts one).
const projects = [
  { name: "pglite", include: TEST_FILES },
  ...(process.env.TEST_DATABASE_URL ? [{ name: "postgres", include: databaseTestFiles() }] : []),
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/each-file.ts"],
    // A guard against a hung test, not a speed check. `npm test` runs Vitest at a lower
    // priority beside the browser suite, and on two cores a test can then wait for the CPU
    // for long stretches: in CI a 2.8 s sign-in test and a 1.8 s image test ran out of 20 s.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Vitest's default (cores - 1) is one worker on a two-core machine: the suite then took
    // 254 s instead of 174 s, leaving a core idle whenever the browser suite beside it waits.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: projects.map(({ name, include }) => ({
      extends: true,
      test: { name, include, env: { TEST_DATABASE_KIND: name, NODE_ENV: "test" } },
    })),
  },
});
