// Migration 0021: the follow-up's old notes field becomes the first entry of
// its inquiry's timeline, by whoever last wrote it, and nothing is lost. Run on
// a database of its own, migrated up to 0020, given an inquiry with notes as
// the old follow-up saved them, then migrated to the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { expect, test } from "vitest";
import { blankPgliteTemplate } from "#tests/helpers/database";
import { migrationsFolder } from "~/.server/db/migrate";

/** A copy of the migrations folder that stops after `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const source = migrationsFolder();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-migrations-"));
  fs.cpSync(source, dir, { recursive: true });
  const journalFile = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(-1);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

// The SQL is the same on both engines; one run of the migrations, on PGlite, proves it.
test.skipIf(process.env.TEST_DATABASE_KIND === "postgres")(
  "old notes become the first timeline entry, by their last writer at the inquiry's last update",
  async () => {
    // From the run's blank data dir: initdb again would cost three times the CPU.
    const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(await blankPgliteTemplate())]) });
    const db = drizzle({ client });
    const before = migrationsUpTo("0020_inquiry-pipeline");
    try {
      await migrate(db, { migrationsFolder: before });
      const [anna] = (
        await client.query<{ id: string }>(
          `insert into "user" (id, name, email, email_verified, created_at, updated_at)
         values (gen_random_uuid(), 'Anna Sales', 'anna@example.test', true, now(), now()) returning id`,
        )
      ).rows;
      const [noted] = (
        await client.query<{ id: string }>(
          `insert into inquiries (name, email, organisation, message) values ('Robin', 'r@x.test', 'Hillside', 'A tower') returning id`,
        )
      ).rows;
      await client.query(
        `insert into inquiries (name, email, organisation, message, notes) values ('Quiet', 'q@x.test', 'Q', 'Hi', '  ')`,
      );
      // Anna's follow-up, as the old form saved it: her account stamped on the transaction (the history's actor).
      await client.transaction(async (tx) => {
        await tx.query(
          `select set_config('playfolio.actor_id', $1, true), set_config('playfolio.actor_name', 'Anna Sales', true)`,
          [anna!.id],
        );
        await tx.query(`update inquiries set status = 'contacted', notes = 'Called on Monday' where id = $1`, [
          noted!.id,
        ]);
      });
      const { rows: updated } = await client.query<{ updated_at: Date }>(
        `select updated_at from inquiries where id = $1`,
        [noted!.id],
      );
      const lastUpdate = updated[0]!.updated_at;

      await migrate(db, { migrationsFolder: migrationsFolder() });

      const { rows } = await client.query<Record<string, unknown>>(
        `select inquiry_id, type, body, author_id, author_name, at from inquiry_events order by at`,
      );
      expect(rows).toEqual([
        {
          inquiry_id: noted!.id,
          type: "note",
          body: "Called on Monday",
          author_id: anna!.id,
          author_name: "Anna Sales",
          at: lastUpdate,
        },
      ]);
      const { rows: columns } = await client.query(
        `select 1 from information_schema.columns where table_name = 'inquiries' and column_name = 'notes'`,
      );
      expect(columns).toEqual([]);
    } finally {
      await client.close();
      fs.rmSync(before, { recursive: true, force: true });
    }
  },
);
