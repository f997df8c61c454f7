// The rows the access matrix reaches through path parameters, as app/route-declarations.ts names
// them (`params: { id: "projects", slug: "galleries.slug" }`): the seed's row of that table when
// it has one, else a row made from the table's own definition (its required columns filled by
// type, a foreign key pointing at a row of its table, found or made the same way). So a new
// screen's `:id` route needs a word in its declaration, not a fixture in the matrix; a table
// whose rows cannot be made that way (a check constraint, say) fails here, naming the route.
import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { type Column, getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable, getTableConfig } from "drizzle-orm/pg-core";
import { schema } from "~/.server/db";
import type { Factories } from "../../factories";

export interface RowRef {
  table: PgTable;
  /** The column whose value the parameter takes (the table's `id` unless the reference names one). */
  column: Column;
}

/** `projects` (its id) or `galleries.slug` (a column, by its name in the table's definition). */
export function rowRef(ref: string): RowRef {
  const [tableKey, columnKey = "id"] = ref.split(".");
  const table = (schema as Record<string, unknown>)[tableKey!];
  if (!is(table, PgTable)) throw new Error(`"${ref}": app/tables exports no table "${tableKey}"`);
  const column = getTableColumns(table)[columnKey];
  if (!column) throw new Error(`"${ref}": the table ${tableKey} has no column "${columnKey}"`);
  return { table, column };
}

async function firstValue(db: PGlite, { table, column }: RowRef): Promise<string | undefined> {
  const { rows } = await db.query<{ value: string }>(
    `select "${column.name}"::text as value from "${getTableName(table)}" where "${column.name}" is not null limit 1`,
  );
  return rows[0]?.value;
}

/** A value a required column takes; the text ones say "Matrix", which a refused data request must never carry. */
function valueFor(column: Column): unknown {
  if (column.enumValues?.length) return column.enumValues[0];
  switch (column.dataType) {
    case "boolean":
      return false;
    case "number":
      return 1;
    case "bigint":
      return 1n;
    case "date":
      return new Date();
    case "json":
      return {};
    case "array":
      return [];
    case "string":
      if (column.columnType === "PgUUID") return crypto.randomUUID();
      if (column.columnType === "PgDateString") return "2025-01-02";
      if (column.columnType === "PgTimestampString") return new Date().toISOString();
      return `Matrix ${column.name}`;
  }
  throw new Error(`no value for the column ${column.name} (${column.columnType})`);
}

async function makeRow(db: PGlite, make: Factories, table: PgTable, making: Set<PgTable>): Promise<void> {
  if (making.has(table)) throw new Error(`the foreign keys of ${getTableName(table)} go round in a circle`);
  making.add(table);
  const references = new Map(
    getTableConfig(table).foreignKeys.map((key) => {
      const { columns, foreignTable, foreignColumns } = key.reference();
      return [columns[0]!.name, { table: foreignTable, column: foreignColumns[0]! }] as const;
    }),
  );
  const values: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (!column.notNull || column.hasDefault) continue;
    const reference = references.get(column.name);
    values[key] = reference ? await ensureRow(db, make, reference, making) : valueFor(column);
  }
  await make.row(table as never, values as never);
  making.delete(table);
}

/** The value of `ref` in a row of its table: the first there is, else one made from the table's definition. */
export async function ensureRow(
  db: PGlite,
  make: Factories,
  ref: RowRef,
  making = new Set<PgTable>(),
): Promise<string> {
  const found = await firstValue(db, ref);
  if (found !== undefined) return found;
  await makeRow(db, make, ref.table, making);
  return (await firstValue(db, ref))!;
}

/**
 * The value of each row reference of `declarations` (keyed by the reference, as declared), in
 * a data dir not yet served: the seed's row, else one made here. Throws, naming the route, when
 * a table has no row and none can be made.
 */
export async function routeRows(
  db: PGlite,
  make: Factories,
  declarations: Readonly<Record<string, { params?: Readonly<Record<string, string>> }>>,
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const [id, declaration] of Object.entries(declarations)) {
    for (const [name, ref] of Object.entries(declaration.params ?? {})) {
      if (values.has(ref)) continue;
      try {
        values.set(ref, await ensureRow(db, make, rowRef(ref)));
      } catch (error) {
        throw new Error(
          `${id}: no row for :${name} (${ref}) and none could be made (${(error as Error).message}); ` +
            "make one in the access matrix's seed",
          { cause: error },
        );
      }
    }
  }
  return values;
}
