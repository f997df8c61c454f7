// Every table declares itself beside its table in app/tables (declare.ts): a
// kind of record, a part of one, or not a record, and why. The history, live
// updates and the content version follow from the declarations through the
// triggers `npm run db:generate` writes (app/tables/triggers.ts). A new table
// fails here until it declares itself; a declaration the migrations do not
// carry out fails until db:generate has written its migration.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db } from "~/.server/db";
import { DECLARED } from "~/tables/declared";
import { READ_TRIGGERS, readTrigger, triggerPlan } from "~/tables/triggers";
import { HISTORY_TABLES } from "./tables.server";

withTestDatabase();

/** Tables the migrations make by hand, outside app/tables: derived state (decisions 0020, 0057). */
const NOT_IN_THE_MODEL = ["content_version", "live_events", "live_presence"];

describe("every table's declaration", () => {
  test("every table of the migrated database declares itself in app/tables", async () => {
    const { rows } = await db().execute<{ table: string }>(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by 1`);
    const tables = rows.map((row) => row.table).filter((table) => !NOT_IN_THE_MODEL.includes(table));
    expect(tables.filter((table) => !DECLARED.has(table))).toEqual([]);
    expect([...DECLARED.keys()].filter((table) => !tables.includes(table))).toEqual([]);
  });

  test("the migrations' triggers are what the declarations ask for (else: npm run db:generate)", async () => {
    const { rows } = await db().execute<Parameters<typeof readTrigger>[0]>(sql.raw(READ_TRIGGERS));
    const triggers = rows.map(readTrigger);
    expect(triggerPlan(triggers)).toEqual([]);
    // Both history triggers on every table that keeps a history, and on no other.
    const historied = (fn: string) => triggers.filter((t) => t.function === fn).map((t) => t.table);
    expect(historied("record_history").sort()).toEqual(Object.keys(HISTORY_TABLES).sort());
    expect(historied("record_history_inserts").sort()).toEqual(Object.keys(HISTORY_TABLES).sort());
  });
});
