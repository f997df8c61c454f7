// What the demo's steps share: the data files as records, typed by the table they fill, and the import.
import fs from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { getTableColumns, type Table } from "drizzle-orm";
import type { Db, schema } from "~/.server/db";
import type { ImportKind } from "~/domain/import/fields";
import { importSession, openImportSession, startImport } from "~/domain/import/sessions.server";

export interface Demo {
  db: Db;
  /** The demo login: the administrator, who imports and owns. */
  owner: { id: string; name: string };
  /** The pictures' size against the demo's (1): the seed's test takes small ones (decision 0088). */
  pictureScale: number;
}

const DATA = path.join(import.meta.dirname, "data");

export const records = (file: string): Record<string, string>[] =>
  parse(fs.readFileSync(path.join(DATA, file)), { columns: true });
export const json = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(DATA, file), "utf8")) as T;

/** The cells naming `table`'s columns, as the columns type them: "a|b" a list; an empty cell is left to the default. */
export function typed<T extends Table>(table: T, record: Record<string, string>): T["$inferInsert"] {
  const columns = getTableColumns(table);
  const cell = (type: string, text: string) =>
    type === "boolean" ? text === "true" : type === "number" ? Number(text) : type === "array" ? text.split("|") : text;
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key, text]) => key in columns && text !== "")
      .map(([key, text]) => [key, cell(columns[key]!.dataType, text)]),
  ) as T["$inferInsert"];
}

export const daysAgo = (days: number | string) => new Date(Date.now() - Number(days) * 24 * 3600 * 1000);

/** Imports a data file through the product's import (upload, mapping guessed from its headers, start), to its end. */
export async function importFile(demo: Demo, kind: ImportKind, file: string): Promise<void> {
  const userId = demo.owner.id;
  const bytes = fs.readFileSync(path.join(DATA, file));
  const { id } = await openImportSession({ userId, kind, fileName: file, bytes });
  await startImport(await importSession(id, userId), demo.owner, true);
  for (;;) {
    const { job } = await importSession(id, userId);
    if (job?.state === "done") return;
    if (job?.state !== "running") throw new Error(`The demo's ${file} did not import: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The id of each row of `table` by its name column (projects by title, galleries by name). */
export async function idsBy(
  db: Db,
  table: typeof schema.projects | typeof schema.galleries,
): Promise<Map<string, string>> {
  const name = "title" in table ? table.title : table.name;
  const rows = await db.select({ id: table.id, name }).from(table);
  return new Map(rows.map((row) => [row.name, row.id]));
}
