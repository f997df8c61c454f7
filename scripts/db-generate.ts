// `npm run db:generate [-- --name <what>]`: drizzle-kit generate plus what it cannot write, so a new table
// needs no hand edit beyond its own file: app/tables/index.ts from the folder, then the triggers the
// declarations ask for (app/tables/triggers.ts) that the migrations lack, added to drizzle-kit's new one
// or to one of their own. Drift fails tests/db-generate.test.ts and app/domain/history/tables.test.ts.
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

/** What the migrations' triggers lack of the declarations', as statements (none when they match). */
async function triggerStatements(): Promise<string[]> {
  // Imported after the index is written: the declarations are read through it.
  const [{ PGlite }, { drizzle }, { migrate }, { READ_TRIGGERS, readTrigger, triggerPlan }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
    import("../app/tables/triggers"),
  ]);
  const database = new PGlite();
  try {
    await migrate(drizzle({ client: database }), { migrationsFolder: migrations });
    const { rows } = await database.query<Parameters<typeof readTrigger>[0]>(READ_TRIGGERS);
    return triggerPlan(rows.map(readTrigger));
  } finally {
    await database.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(TABLES_INDEX, tablesIndex());
  const sqlFiles = () => readdirSync(migrations).filter((name) => name.endsWith(".sql"));
  const generate = (...args: string[]) =>
    execFileSync("drizzle-kit", ["generate", ...args, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  const before = new Set(sqlFiles());
  generate();
  const statements = await triggerStatements();
  if (statements.length) {
    let [file] = sqlFiles().filter((name) => !before.has(name));
    const written = file ? readFileSync(path.join(migrations, file), "utf8").trimEnd() : null;
    if (!file) {
      generate("--custom");
      [file] = sqlFiles().filter((name) => !before.has(name));
    }
    const declared =
      "-- The triggers the tables' declarations ask for (app/tables/declare.ts), written by npm run db:generate.";
    const triggers = `${declared}\n${statements.join("\n--> statement-breakpoint\n")}`;
    const body = written ? `${written}\n--> statement-breakpoint\n${triggers}` : triggers;
    writeFileSync(path.join(migrations, file!), `${body}\n`);
    console.log(`${file}: ${statements.length} trigger statements from the tables' declarations`);
  }
}
