// Every table's declaration (declare.ts), and what follows from them: the
// kinds of record, the history's tables in the order rows can be put back,
// each table's key and owners. Read by the history (domain/history), the
// triggers db:generate writes (triggers.ts) and the checks that every table is
// covered.
import { getTableName } from "drizzle-orm";
import { type AnyPgColumn, getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { isTableDeclaration, type RecordKindDeclaration, type TableDeclaration } from "./declare";
import * as tables from "./index";

type Exported = (typeof tables)[keyof typeof tables];

/** Every kind of record a table declares ("client", "project", "account"…). */
export type RecordKind = Exported extends infer E ? (E extends TableDeclaration<infer K> ? K : never) : never;

/** The declarations, by the tables' SQL names (in the exports' order). */
export const DECLARED: ReadonlyMap<string, TableDeclaration> = new Map(
  (Object.values(tables) as unknown[])
    .filter(isTableDeclaration)
    .map((declaration) => [getTableName(declaration.table), declaration]),
);

/** The kinds of record, each with its table (SQL name), by kind. */
export const KINDS = new Map(
  [...DECLARED].flatMap(([table, { record }]) =>
    record ? [[record.kind as RecordKind, { ...record, kind: record.kind as RecordKind, table }] as const] : [],
  ),
) as ReadonlyMap<RecordKind, RecordKindDeclaration<RecordKind> & { table: string }>;

const columnsOf = (table: PgTable) => getTableConfig(table);

/** A table's key columns (SQL names): its primary key. */
export function keyColumns(table: PgTable): string[] {
  const config = columnsOf(table);
  const composite = config.primaryKeys[0]?.columns;
  return (composite ?? config.columns.filter((column) => column.primary)).map((column) => column.name);
}

/** The table a column's foreign key points at (SQL name). */
export function referencedTable(column: AnyPgColumn): string {
  const key = columnsOf(column.table as PgTable).foreignKeys.find((fk) =>
    fk.reference().columns.some((c) => c.name === column.name),
  );
  if (!key) throw new Error(`${getTableName(column.table)}.${column.name} has no foreign key`);
  return getTableName(key.reference().foreignTable);
}

/** The record a row belongs to, as the history's triggers take it: "kind:column" for each owner, first not null first. */
export function owners(declaration: TableDeclaration): { kind: RecordKind; column: string }[] {
  if (declaration.partOf) {
    return declaration.partOf.map((column) => {
      const owner = DECLARED.get(referencedTable(column))?.record;
      if (!owner) throw new Error(`${column.name} points at a table that is no kind of record`);
      return { kind: owner.kind as RecordKind, column: column.name };
    });
  }
  const [key] = keyColumns(declaration.table);
  return [{ kind: declaration.record!.kind as RecordKind, column: key! }];
}

/** The live updates' name for a table's changes and the column naming the record: its own kind, else its owner's. */
export function liveEvent(declaration: TableDeclaration): { kind: string; column: string } {
  if (declaration.record)
    return { kind: declaration.live ?? declaration.record.kind, column: keyColumns(declaration.table)[0]! };
  const [owner] = owners(declaration);
  return { kind: declaration.live ?? owner!.kind, column: owner!.column };
}

/** The tables that keep a history, parents before children (a row can only be put back after what it points at). */
export const HISTORY_ORDER: readonly string[] = (() => {
  const historied = [...DECLARED].filter(([, declaration]) => declaration.history === true).map(([name]) => name);
  const parents = new Map(
    historied.map((name) => [
      name,
      columnsOf(DECLARED.get(name)!.table)
        .foreignKeys.map((fk) => getTableName(fk.reference().foreignTable))
        .filter((parent) => parent !== name && historied.includes(parent)),
    ]),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (ordered.includes(name)) return;
    if (visiting.has(name)) throw new Error(`The history's tables point at each other in a circle: ${name}`);
    visiting.add(name);
    for (const parent of parents.get(name)!) visit(parent);
    ordered.push(name);
  };
  for (const name of historied) visit(name);
  return ordered;
})();
