// A new table needs no hand edit beyond its own file: `npm run db:generate`
// writes app/tables/index.ts from the folder, and any table gets typed test
// rows from `row(table, values)` (docs/architecture.md "How to add a screen").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { TABLES_INDEX, tablesIndex } from "../scripts/tables-index";
import { factories } from "./factories";
import { withTestDatabase } from "./helpers/database";

describe("app/tables/index.ts", () => {
  it("is the folder's every table file, as npm run db:generate writes it", () => {
    expect(readFileSync(TABLES_INDEX, "utf8")).toBe(tablesIndex());
    expect(tablesIndex()).toContain('export * from "./clients";');
    // Helpers without a table stay out of the schema.
    expect(tablesIndex()).not.toContain('"./columns"');
  });
});

describe("factories' row", () => {
  withTestDatabase();

  it("inserts a row of any table, typed by the table (a new one needs no factory)", async () => {
    const read = await factories(db()).row(schema.playgroundOptions, { optionName: "Cable ride" });
    expect(read).toMatchObject({ optionName: "Cable ride" });
    expect(read.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
