// The tables a backup holds, read from the Drizzle schema so a new table is
// backed up without anyone remembering to list it. Parents come before the
// tables that reference them, which is the order a restore must insert in.
import { is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db";
import * as schema from "~/tables";

export interface BackupTable {
  /** The table's name in SQL. */
  name: string;
  /** Rows are read in batches ordered by these columns. */
  primaryKey: { column: string; sqlType: string }[];
  /** The tables this one has foreign keys to. */
  references: string[];
  /** Text columns naming a file under $DATA_DIR/uploads (by convention, `*_key`). */
  uploadKeyColumns: string[];
}

/** The type a key's values are compared as: a serial column holds plain integers. */
const valueType = (sqlType: string) =>
  ({ bigserial: "bigint", serial: "integer", smallserial: "smallint" })[sqlType] ?? sqlType;

function describe(table: PgTable): BackupTable {
  const config = getTableConfig(table);
  // A table in another schema would need qualified names everywhere below.
  if (config.schema && config.schema !== "public") {
    throw new Error(`Backup: table ${config.schema}.${config.name} is outside the public schema`);
  }
  const primary = config.columns.filter((column) => column.primary);
  // A composite key lists stand-in columns (whose getSQLType recurses); look up the real ones.
  const primaryColumns =
    primary.length > 0
      ? primary
      : (config.primaryKeys[0]?.columns ?? []).map((key) => config.columns.find((column) => column.name === key.name)!);
  // Batches are keyset-paginated; without a key a large table would need OFFSET.
  if (primaryColumns.length === 0) throw new Error(`Backup: table ${config.name} has no primary key`);
  return {
    name: config.name,
    primaryKey: primaryColumns.map((column) => ({ column: column.name, sqlType: valueType(column.getSQLType()) })),
    references: [
      ...new Set(
        config.foreignKeys
          .map((foreignKey) => getTableConfig(foreignKey.reference().foreignTable).name)
          // A row referring to its own table is checked at the end of its insert statement.
          .filter((name) => name !== config.name),
      ),
    ],
    uploadKeyColumns: config.columns
      .filter((column) => column.name.endsWith("_key") && column.getSQLType() === "text")
      .map((column) => column.name),
  };
}

/** Orders tables so each comes after every table it references (ties by name, so the order is stable). */
export function sortByReferences(tables: BackupTable[]): BackupTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const sorted: BackupTable[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: BackupTable, path: string[]) => {
    const seen = state.get(table.name);
    if (seen === "done") return;
    if (seen === "visiting") {
      // Inserting such rows would need deferred constraints; no table does this today.
      throw new Error(`Backup: foreign keys form a cycle: ${[...path, table.name].join(" → ")}`);
    }
    state.set(table.name, "visiting");
    for (const name of [...table.references].sort()) {
      const parent = byName.get(name);
      if (!parent) throw new Error(`Backup: table ${table.name} references ${name}, which is not in the schema`);
      visit(parent, [...path, table.name]);
    }
    state.set(table.name, "done");
    sorted.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, []);
  return sorted;
}

/**
 * Live state, not data: sessions, verification tokens, rate-limit counts, used
 * form stamps and codes, and two-factor secrets. A backup leaves them out (an archive must not carry
 * working sessions or second factors, and a restored app signs everyone in
 * again); a restore skips them in older archives. Two-factor secrets are
 * encrypted with the auth secret, which the archive does not hold either: a
 * restore turns two-factor off for every account (see restore-backup.ts), and
 * "require two-factor" sends staff to set it up again.
 */
export const LIVE_TABLES: ReadonlySet<string> = new Set([
  "session",
  "verification",
  "rate_limit",
  "single_use",
  "two_factor",
]);

let cached: BackupTable[] | undefined;

/** Every table of the schema a backup holds (views and live tables excluded), parents first. */
export function backupTables(): BackupTable[] {
  cached ??= sortByReferences(
    (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map(describe)
      .filter((table) => !LIVE_TABLES.has(table.name)),
  );
  return cached;
}

/** The tables of the database's current schema and their columns, in column order. */
export async function columnsInDatabase(db: Pick<Db, "execute">): Promise<Map<string, string[]>> {
  const result = await db.execute<{ table_name: string; columns: string[] }>(
    sql`select table_name::text as table_name, json_agg(column_name::text order by ordinal_position) as columns
        from information_schema.columns
        where table_schema = current_schema()
        group by table_name`,
  );
  return new Map(result.rows.map((row) => [row.table_name, row.columns]));
}
