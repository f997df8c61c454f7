// Writes app/tables/index.ts from the folder: every file that declares a table
// or an enum, in name order. `npm run db:generate` runs it first, so a new
// table file is in the schema (drizzle-kit, the database handle, the forms)
// without a hand edit; tests/tables-index.test.ts fails when the committed
// index has drifted from the folder.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL("../app/tables/", import.meta.url));
export const TABLES_INDEX = path.join(folder, "index.ts");

export function tablesIndex(): string {
  const modules = readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts" && !name.includes(".test."))
    .filter((name) => /\bpg(Table|Enum)\(/.test(readFileSync(path.join(folder, name), "utf8")))
    .sort()
    .map((name) => `export * from "./${name.slice(0, -".ts".length)}";\n`);
  const header = [
    "// The data model: every table, as drizzle-kit, the database handle and the",
    "// forms' schemas read it. Generated from the folder by `npm run db:generate`",
    "// (scripts/tables-index.ts): add a table file, not a line here.",
  ];
  return `${header.join("\n")}\n${modules.join("")}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) writeFileSync(TABLES_INDEX, tablesIndex());
