// withTestDatabase() opens each file's PGlite from the run's migrated dump, held once per worker:
// read from disk and copied into a Blob at every open, it cost about 100 ms of CPU per test file
// (tests/helpers/database.ts).
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { expect, inject, test, vi } from "vitest";
import { migrationsFolder } from "~/.server/db/migrate";
import { migratedDump, withTestDatabase } from "#tests/helpers/database";

const database = withTestDatabase();

test("the migrated dump is read from disk once per worker and handed to PGlite without a copy", async () => {
  const read = vi.spyOn(fs, "readFileSync");
  const first = migratedDump();
  const second = migratedDump();
  const dumpReads = read.mock.calls.filter(([file]) => file === inject("pgliteDumpPath"));
  expect(dumpReads).toHaveLength(0);
  expect(await first.arrayBuffer()).toBe(await second.arrayBuffer());
  expect(Buffer.from(await first.arrayBuffer()).equals(fs.readFileSync(inject("pgliteDumpPath")))).toBe(true);
});

test("a database opened from it has every migration", async () => {
  const journal = JSON.parse(fs.readFileSync(`${migrationsFolder()}/meta/_journal.json`, "utf8")) as {
    entries: unknown[];
  };
  const { rows } = await database
    .current()
    .db.execute<{ count: number }>(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  expect(rows[0]!.count).toBe(journal.entries.length);
});
