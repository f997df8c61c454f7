import fs from "node:fs";
import os from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/*.test.ts", "tests/unit/**/*.test.ts"];

/**
 * The test files that run a second time on PostgreSQL (when TEST_DATABASE_URL is set): those
 * whose behaviour differs between the embedded database and a PostgreSQL server. PGlite is the
 * same engine with one connection, so the same SQL gives the same answers there; what it cannot
 * show is two connections at once (locks, races, advisory locks), LISTEN/NOTIFY between
 * instances, the driver's timeouts, and the engine's own tools and settings (backups, migrations,
 * JSON values through the pg driver, collation). Every other test runs on PGlite only, and one
 * browser spec runs the whole built app on PostgreSQL (tests/e2e/postgres.spec.ts).
 * A new file belongs here when it tests one of those; docs/testing.md says which does what.
 */
export const POSTGRES_TEST_FILES = [
  // LISTEN/NOTIFY, and the render cache of two instances on one database.
  "app/.server/render-cache/content-version.test.ts",
  // Change events in commit order across connections; live streams of two instances on one database.
  "app/.server/live/changes.test.ts",
  "app/routes/admin/events.test.ts",
  // An import's steps and progress on either of two instances (sessions in the database, progress over NOTIFY).
  "app/routes/admin/import/import.test.ts",
  // Connect and statement timeouts, a server that stops answering.
  "app/.server/db/unavailable.test.ts",
  // Migrations, and backups and restores with the engine's own data.
  "app/.server/db/migrate.test.ts",
  "app/.server/backup/backup-restore.test.ts",
  "app/.server/backup/commands.test.ts",
  // A running server's backup: the embedded database's own thread, or pg_dump beside the pool.
  "app/.server/backup/http.test.ts",
  // Locking: writers racing on one row or one ordering (row locks, advisory locks, unique keys).
  "app/domain/users/races.test.ts",
  "app/domain/galleries/galleries.test.ts",
  "app/domain/galleries/gallery-projects.test.ts",
  "app/domain/media/upload-races.test.ts",
  "app/domain/project-media/project-media-races.test.ts",
  "app/domain/projects/projects.test.ts",
  // Posts racing with one form stamp: the first claim of a key wins (app/.server/single-use.ts, also TOTP codes).
  "app/routes/public/inquiry/inquiry-stamp.test.ts",
  // JSON built by the database (json_agg, facets) as the pg driver hands it over, and collation (ordering by name).
  "app/domain/library/library.test.ts",
  "app/domain/library/project-page.test.ts",
  "app/domain/industry-types/industry-types.test.ts",
  // The history: who made a change reaches the trigger in each transaction (withActor, on a pool
  // connection per transaction), JSON rows put back.
  "app/domain/history/history.test.ts",
  // Page views: two instances' counters adding up on one database, each with its own pool.
  "app/domain/views/counter.test.ts",
  // An import: rows as JSON record sets through the driver, one transaction that other connections never see part of.
  "app/domain/import/import.test.ts",
  // The inquiry pipeline: its checks, a row lock per inquiry, and `date` columns as each driver returns them.
  "app/domain/inquiries/pipeline.test.ts",
];

for (const file of POSTGRES_TEST_FILES) {
  // A renamed file would silently leave the PostgreSQL pass.
  if (!fs.existsSync(file))
    throw new Error(`vitest.config.ts: POSTGRES_TEST_FILES names ${file}, which does not exist`);
}

/**
 * Most test files share their worker's process, one after another (`isolate: false`): importing
 * the app afresh for each file cost about 40 % of the suite's CPU time. What the app reads once
 * per process (its settings, the storage and outbox under DATA_DIR) is then the worker's, so
 * tests/setup/each-file.ts gives each worker one DATA_DIR, and spies are restored after each test.
 * These files run each in a fresh process instead, as before:
 */
export const ISOLATED_TEST_FILES = [
  // It looks at the whole of DATA_DIR (what a backup holds, what it leaves behind) and needs its own.
  "app/.server/backup/http.test.ts",
  // A simulated outage leaves the process in outage mode.
  "app/.server/db/unavailable.test.ts",
];

/**
 * Files that need the same settings, set before the app reads them: each group is a project of
 * its own whose `env` gives them, and its files share their worker's process like the rest
 * instead of a fresh process each (about 3 s of CPU per file; decision 0088).
 */
export const SETTINGS_TEST_FILES = [
  {
    name: "pglite-staff-domain",
    env: { STAFF_EMAIL_DOMAINS: "acme.test", REQUIRE_EMAIL_VERIFICATION: "false" },
    include: [
      "app/domain/users/staff-domain.test.ts",
      "app/routes/auth/pending.test.ts",
      "app/routes/auth/sign-up.test.ts",
    ],
  },
  {
    name: "pglite-email-verification",
    env: { STAFF_EMAIL_DOMAINS: "acme.test", REQUIRE_EMAIL_VERIFICATION: "true" },
    include: ["app/domain/users/email-verification.test.ts", "app/routes/auth/sign-up-verification.test.ts"],
  },
];
const SETTINGS_FILES = SETTINGS_TEST_FILES.flatMap((group) => group.include);

/** Every Vitest file (TEST_FILES) with its text. */
function testFiles(): { file: string; text: string }[] {
  return ["app", "scripts", "tests"]
    .flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => `${dir}/${file}`))
    .filter((file) => /\.test\.tsx?$/.test(file) && !file.startsWith("tests/e2e/"))
    .map((file) => ({ file, text: fs.readFileSync(file, "utf8") }));
}

for (const { file, text } of testFiles()) {
  // A file that changes the settings would change them for the files after it in its worker.
  if (
    /process\.env(\.[A-Z_]+|\[[^\]]+\])\s*(=|\?\?=)[^=]|vi\.stubEnv/.test(text) &&
    !ISOLATED_TEST_FILES.includes(file)
  )
    throw new Error(
      `vitest.config.ts: ${file} sets process.env: give its settings a group of SETTINGS_TEST_FILES, or list it in ISOLATED_TEST_FILES`,
    );
}
for (const file of [...ISOLATED_TEST_FILES, ...SETTINGS_FILES]) {
  if (!fs.existsSync(file)) throw new Error(`vitest.config.ts: ${file} is named in a list but does not exist`);
}

/** Every test file that opens a database: the PostgreSQL pass with TEST_POSTGRES_FILES=all. */
function databaseTestFiles(): string[] {
  return testFiles()
    .filter(({ text }) => /withTestDatabase\(|TEST_DATABASE_KIND/.test(text))
    .map(({ file }) => file);
}

// The whole suite runs on PGlite; the engine-specific files run again on PostgreSQL when
// TEST_DATABASE_URL is set (CI starts one), or every database test with TEST_POSTGRES_FILES=all.
const postgresFiles = process.env.TEST_POSTGRES_FILES === "all" ? databaseTestFiles() : POSTGRES_TEST_FILES;
interface ProjectOptions {
  name: string;
  database: "pglite" | "postgres";
  include: string[];
  exclude?: string[];
  isolate: boolean;
  /** Settings the app reads (vitest sets them in the project's workers before any file runs). */
  env?: Record<string, string>;
}

const projects: ProjectOptions[] = [
  {
    name: "pglite",
    database: "pglite" as const,
    include: TEST_FILES,
    exclude: [...ISOLATED_TEST_FILES, ...SETTINGS_FILES],
    isolate: false,
  },
  { name: "pglite-isolated", database: "pglite" as const, include: ISOLATED_TEST_FILES, isolate: true },
  ...SETTINGS_TEST_FILES.map((group) => ({ ...group, database: "pglite" as const, isolate: false })),
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: "postgres",
          database: "postgres" as const,
          include: postgresFiles,
          exclude: [...ISOLATED_TEST_FILES, ...SETTINGS_FILES],
          isolate: false,
        },
        {
          name: "postgres-isolated",
          database: "postgres" as const,
          include: postgresFiles.filter((file) => ISOLATED_TEST_FILES.includes(file)),
          isolate: true,
        },
        ...SETTINGS_TEST_FILES.map((group) => ({
          ...group,
          name: group.name.replace("pglite", "postgres"),
          database: "postgres" as const,
          include: group.include.filter((file) => postgresFiles.includes(file)),
          isolate: false,
        })).filter((group) => group.include.length > 0),
      ]
    : []),
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    globalSetup: ["tests/setup/global-database.ts"],
    setupFiles: ["tests/setup/each-file.ts"],
    // A guard against a hung test, not a speed check. Above Vitest's 5 s: tests here start
    // real processes, back up and restore real databases, and hash passwords, beside the
    // browser suite on two cores (the longest, a restore into PostgreSQL, took 21 s in CI).
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest's default (cores - 1) is one worker on a two-core machine: the suite then took
    // 254 s instead of 174 s, leaving a core idle whenever the browser suite beside it waits.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A spy left in place by one test would reach the next test file of its worker.
    restoreMocks: true,
    projects: projects.map(({ name, database, include, exclude = [], isolate, env = {} }) => ({
      extends: true,
      test: {
        name,
        include,
        exclude: [...configDefaults.exclude, ...exclude],
        isolate,
        env: { ...env, TEST_DATABASE_KIND: database, TEST_ISOLATED: isolate ? "1" : "", NODE_ENV: "test" },
      },
    })),
  },
});
