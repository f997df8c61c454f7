// A new table needs no hand edit beyond its own file: `npm run db:generate`
// writes app/tables/index.ts from the folder and the updated_at trigger into
// the migration, and any table gets typed test rows from `row(table, values)`
// (docs/architecture.md "How to add a screen").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { TABLES_INDEX, tablesIndex, withUpdatedAtTriggers } from "../scripts/db-generate";
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

describe("a generated migration", () => {
  const created = [
    'CREATE TABLE "suppliers" (',
    '\t"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,',
    '\t"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL',
    ");",
    "--> statement-breakpoint",
    'CREATE TABLE "supplier_tags" (',
    '\t"supplier_id" uuid NOT NULL',
    ");",
  ].join("\n");

  it("gets the updated_at trigger for each table it creates with that column, once", () => {
    const sql = withUpdatedAtTriggers(created);
    expect(sql).toBe(
      `${created}\n--> statement-breakpoint\nCREATE TRIGGER suppliers_set_updated_at BEFORE UPDATE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION set_updated_at();\n`,
    );
    expect(withUpdatedAtTriggers(sql)).toBe(sql);
    expect(withUpdatedAtTriggers('ALTER TABLE "clients" ADD COLUMN "x" text;')).toBe(
      'ALTER TABLE "clients" ADD COLUMN "x" text;',
    );
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
