import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, test } from "vitest";
import { openDatabase } from "./client";
import { migrateDatabase, migrationsFolder } from "./migrate";

// The run's migrated dump is made by writeDatabaseTemplate (tests/setup/global-database.ts), as the build's is.
describe.skipIf(process.env.TEST_DATABASE_KIND === "postgres")("a new embedded data dir from the template", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-template-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("starts migrated: every migration is in, the tables are there, and migrating again changes nothing", async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(), "meta", "_journal.json"), "utf8"));
    const database = await openDatabase({
      kind: "pglite",
      dataDir: path.join(dir, "db"),
      template: inject("pgliteDumpPath"),
    });
    try {
      const applied = async () =>
        (await database.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))
          .rows[0]!.n;
      expect(await applied()).toBe(journal.entries.length);
      await migrateDatabase(database);
      expect(await applied()).toBe(journal.entries.length);
      const clients = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from clients`);
      expect(clients.rows[0]!.n).toBe(0);
    } finally {
      await database.close();
    }
    // The files are the data dir's own: it opens again, without the template.
    const reopened = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "db") });
    try {
      await reopened.ping();
    } finally {
      await reopened.close();
    }
  });
});

describe.skipIf(process.env.TEST_DATABASE_KIND === "postgres")("a data dir that cannot be made", () => {
  test("names its folder and what the child process said", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-template-bad-"));
    try {
      const template = path.join(dir, "not-a-tar.tar");
      fs.writeFileSync(template, "not a tar of a data dir");
      const dataDir = path.join(dir, "db");
      const opening = openDatabase({ kind: "pglite", dataDir, template });
      await expect(opening).rejects.toThrow(`Could not create the embedded database in ${dataDir}: `);
      await expect(opening).rejects.toThrow(/: \S/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
