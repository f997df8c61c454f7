// `npm run db:generate [-- --name <what>]`: drizzle-kit generate, plus what it
// cannot write, so a new table needs no hand edit beyond its own file:
// - first, app/tables/index.ts from the folder (every file that declares a
//   table or an enum, in name order), which drizzle-kit and the database
//   handle read;
// - then, in each migration it wrote, the updated_at trigger (drizzle/0001)
//   for every table it creates with that column: the edit forms' version
//   token is bumped by the database, whoever writes the row.
// tests/db-generate.test.ts fails when the committed index has drifted.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const tables = path.join(root, "app/tables");
const migrations = path.join(root, "drizzle");
export const TABLES_INDEX = path.join(tables, "index.ts");

export function tablesIndex(): string {
  const modules = readdirSync(tables)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts" && !name.includes(".test."))
    .filter((name) => /\bpg(Table|Enum)\(/.test(readFileSync(path.join(tables, name), "utf8")))
    .sort()
    .map((name) => `export * from "./${name.slice(0, -".ts".length)}";\n`);
  const header = [
    "// The data model: every table, as drizzle-kit, the database handle and the",
    "// forms' schemas read it. Generated from the folder by `npm run db:generate`",
    "// (scripts/db-generate.ts): add a table file, not a line here.",
  ];
  return `${header.join("\n")}\n${modules.join("")}`;
}

/** A generated migration with the updated_at trigger for each table it creates with that column. */
export function withUpdatedAtTriggers(sql: string): string {
  const names = [...sql.matchAll(/CREATE TABLE "(\w+)" \(([\s\S]*?)\n\);/g)]
    .filter(([, name, body]) => /^\s*"updated_at" /m.test(body!) && !sql.includes(`${name}_set_updated_at`))
    .map(([, name]) => name!);
  const triggers = names.map(
    (name) =>
      `--> statement-breakpoint\nCREATE TRIGGER ${name}_set_updated_at BEFORE UPDATE ON "${name}" FOR EACH ROW EXECUTE FUNCTION set_updated_at();\n`,
  );
  return names.length ? `${sql.trimEnd()}\n${triggers.join("")}` : sql;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TABLES_INDEX, tablesIndex());
  const sqlFiles = () => readdirSync(migrations).filter((name) => name.endsWith(".sql"));
  const before = new Set(sqlFiles());
  execFileSync("drizzle-kit", ["generate", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  for (const name of sqlFiles().filter((file) => !before.has(file))) {
    const file = path.join(migrations, name);
    writeFileSync(file, withUpdatedAtTriggers(readFileSync(file, "utf8")));
  }
}
