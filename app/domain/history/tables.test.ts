// Every table of the migrated database is on the history (decision 0060: both
// triggers that add_record_history() creates, and an entry in HISTORY_TABLES,
// which restores, reverts and the activity list read), or is named below as
// deliberately not a record. A new table fails here until its migration calls
// add_record_history() or it joins this list with its reason.
import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { db } from "~/.server/db";
import { isRecordKind } from "./kinds";
import { HISTORY_TABLES } from "./tables.server";

withTestDatabase();

/** Tables whose rows are not records staff change, with why (keep it short: a new table belongs on the history). */
const NOT_HISTORIED: Record<string, string> = {
  // Accounts and sign-in: account changes are audit_log's (decision 0022), the rest is better-auth's state.
  user: "accounts: audit_log",
  account: "accounts' passwords: audit_log",
  invitation: "invitations: audit_log",
  two_factor: "two-factor secrets: audit_log",
  security_settings: "the two-factor requirement: audit_log",
  session: "live state: sign-ins",
  verification: "live state: reset and portal codes",
  rate_limit: "live state: counters",
  single_use: "live state: used stamps and codes",
  // Trails themselves.
  audit_log: "the accounts' trail",
  record_history: "the history itself",
  import_batches: "the history's imports",
  import_sessions: "an import between its steps (an hour at most)",
  // Stored files waiting for the form that claims them (media:gc removes the rest).
  uploads: "pending uploads",
  contract_uploads: "pending uploads",
  // Derived or short-lived (decisions 0020, 0057, 0063, 0069).
  content_version: "the render cache's version",
  live_events: "live updates' log",
  live_presence: "live updates' presence",
  notification_reads: "each person's read mark",
  page_views: "counts of requests",
  page_visitors: "counts of requests",
  page_visitor_days: "counts of requests",
};

type TableTriggers = {
  table: string;
  /** The row trigger record_history(), for updates and deletes (decision 0060), as its arguments. */
  rows: string | null;
  rowEvents: string | null;
  /** The statement trigger record_history_inserts(), for inserts (decision 0089). */
  inserts: string | null;
};

async function historyTriggers(): Promise<TableTriggers[]> {
  // tgtype's bits: 1 row-level, 4 insert, 8 delete, 16 update; tgenabled 'D' is a disabled trigger.
  const { rows } = await db().execute<TableTriggers>(sql`
    select c.relname as table,
      max(encode(t.tgargs, 'escape')) filter (where p.proname = 'record_history') as rows,
      max(concat_ws(',', case when t.tgtype::int & 4 > 0 then 'insert' end, case when t.tgtype::int & 16 > 0 then 'update' end,
        case when t.tgtype::int & 8 > 0 then 'delete' end)) filter (where p.proname = 'record_history') as "rowEvents",
      max(encode(t.tgargs, 'escape')) filter (where p.proname = 'record_history_inserts' and t.tgtype::int & 1 = 0
        and t.tgtype::int & 4 > 0) as inserts
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_trigger t on t.tgrelid = c.oid and t.tgenabled <> 'D'
    left join pg_proc p on p.oid = t.tgfoid
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
    group by c.relname order by c.relname`);
  return rows;
}

/** A trigger's arguments (tgargs: each followed by a zero byte, which 'escape' writes as \000). */
const args = (tgargs: string) => tgargs.split("\\000").slice(0, -1);

describe("which tables keep a history", () => {
  test("every table has both history triggers and an entry in HISTORY_TABLES, or is declared not a record", async () => {
    const tables = await historyTriggers();
    const historied = tables.filter((t) => t.rows !== null || t.inserts !== null);
    // Half a history (a trigger dropped, or one made by hand) is a table that loses inserts or changes.
    expect(historied.filter((t) => t.rows === null || t.inserts === null || t.rowEvents !== "update,delete")).toEqual(
      [],
    );
    expect(historied.map((t) => t.table).sort()).toEqual(Object.keys(HISTORY_TABLES).sort());
    expect(
      tables
        .filter((t) => t.rows === null && t.inserts === null)
        .map((t) => t.table)
        .sort(),
    ).toEqual(Object.keys(NOT_HISTORIED).sort());
  });

  test("each trigger names kinds of record the history knows and the key HISTORY_TABLES gives", async () => {
    // (A table with only one of them fails the test above.)
    for (const table of (await historyTriggers()).filter((t) => t.rows !== null && t.inserts !== null)) {
      const [owners, key] = args(table.rows!);
      const [insertOwners, insertKey] = args(table.inserts!);
      expect({ table: table.table, owners: insertOwners, key: insertKey }).toEqual({ table: table.table, owners, key });
      // "project:project_id,gallery:gallery_id": the first owner column not null is the record.
      expect(owners!.split(",").filter((owner) => !isRecordKind(owner.split(":")[0]!))).toEqual([]);
      expect({ table: table.table, key: key!.split(",") }).toEqual({
        table: table.table,
        key: HISTORY_TABLES[table.table]!.key,
      });
    }
  });
});
