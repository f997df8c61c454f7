// The access matrix's keys for the history's buttons (POST /admin/history):
// for every kind of record the history declares (RECORDS in
// app/domain/history/tables.server.ts, whose page's declared access decides
// who may take its changes back), a key to revert, to restore and to undo an
// import of, each made so that whoever may act on it is refused for a reason
// of the record's (a newer change, a record that exists again: 409) and never
// changes anything, so every role can be asked in turn. A kind without a
// table has no changes of its own (a share link's are its project's, an
// account's are the audit trail's). Each probe also carries the keys that name
// nothing, whose answer a person who may not act on the kind must get.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { schema } from "~/.server/db";
import { entryToken } from "~/domain/history/keys.server";
import type { RecordKind } from "~/domain/history/kinds";
import { HISTORY_TABLES, RECORDS } from "~/domain/history/tables.server";
import { type AccessLevel, ROUTE_DECLARATIONS } from "~/route-declarations";
import type { Factories } from "../../factories";
import { ensureRow } from "./route-rows";

export type HistoryIntent = "revert" | "restore" | "undo-import";

export interface HistoryProbe {
  kind: RecordKind;
  intent: HistoryIntent;
  /** The access its page declares: who may act on it. */
  level: AccessLevel;
  /** A key the app would list for it. */
  key: string;
  /** Keys that name nothing: the same change's ids without the signature, and a change that never was. */
  nothing: string[];
}

/** The secret the server will sign with (AUTH_SECRET, else the data dir's, written now if there is none). */
function serverSecret(dataDir: string): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}

/** The table of app/tables whose SQL name this is. */
function tableNamed(name: string): PgTable {
  const table = Object.values(schema).find((t) => is(t, PgTable) && getTableName(t) === name);
  if (!table) throw new Error(`app/tables has no table "${name}"`);
  return table as PgTable;
}

/** A text column a person edits: the table's label for the history, else its first plain text column. */
function textColumn(name: string): string {
  const label = HISTORY_TABLES[name]?.label;
  if (label) return label;
  const column = Object.values(getTableColumns(tableNamed(name))).find(
    (c) => c.columnType === "PgText" && !c.enumValues?.length && !c.name.endsWith("_key"),
  );
  if (!column) throw new Error(`the history probes find no text column to change in ${name}`);
  return column.name;
}

const txOf = async (db: PGlite, sql: string, params: unknown[]) =>
  Number((await db.query<{ tx: string }>(`${sql} returning txid_current()::text as tx`, params)).rows[0]!.tx);

/** Fills the probes in a data dir not yet served (the matrix's seed). */
export async function historyProbes(db: PGlite, make: Factories, dataDir: string): Promise<HistoryProbe[]> {
  const secret = serverSecret(dataDir);
  const probes: HistoryProbe[] = [];
  for (const [kind, { table, page }] of Object.entries(RECORDS) as [RecordKind, (typeof RECORDS)[RecordKind]][]) {
    if (!table) continue;
    const pgTable = tableNamed(table);
    const id = await ensureRow(db, make, { table: pgTable, column: getTableColumns(pgTable).id! });
    const column = `"${textColumn(table)}"`;
    const change = (note: string) =>
      `update "${table}" set ${column} = coalesce(${column}, '') || ' (${note})' where id::text = $1`;

    // An import that changed it…
    const batch = await make.row(schema.importBatches, {
      kind: "clients",
      fileName: "history-probe.csv",
      importedByName: "Access matrix",
    });
    await db.transaction(async (tx) => {
      await tx.query(`select set_config('playfolio.batch_id', $1, true)`, [batch.id]);
      await tx.query(change("imported"), [id]);
    });
    // …a save after it, then another over the same field: neither can be taken back now.
    const saved = await txOf(db, change("saved"), [id]);
    await db.query(change("saved again"), [id]);
    // A deletion of it as the history records one; the record exists, so it cannot come back.
    const deleted = await txOf(
      db,
      `insert into record_history (tx_id, actor_name, kind, record_id, table_name, row_id, operation, before)
       select txid_current(), 'Access matrix', $2, id::text, $3, id::text, 'delete', to_jsonb(t) from "${table}" t
       where id::text = $1`,
      [id, kind, table],
    );

    const level = ROUTE_DECLARATIONS[page].access;
    const tx = (txId: number) => `tx:${txId}:${kind}:${id}`;
    const never = entryToken(tx(0), secret);
    probes.push(
      { kind, intent: "revert", level, key: entryToken(tx(saved), secret), nothing: [tx(saved), never] },
      { kind, intent: "restore", level, key: entryToken(tx(deleted), secret), nothing: [tx(deleted), never] },
      {
        kind,
        intent: "undo-import",
        level,
        key: `batch:${batch.id}`,
        nothing: [`batch:${crypto.randomUUID()}`],
      },
    );
  }
  return probes;
}
