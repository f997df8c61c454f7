// A new table needs no hand edit beyond its own file: `npm run db:generate`
// writes app/tables/index.ts from the folder and the triggers its declaration
// asks for into the migration, and any table gets typed test rows from
// `row(table, values)` (docs/architecture.md "How to add a screen").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { db, schema } from "~/.server/db";
import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "~/tables/columns";
import { declareNotRecords, declareRecords } from "~/tables/declare";
import { triggerPlan, triggersOf } from "~/tables/triggers";
import type { RouteNode } from "~/.server/http/route-policy";
import { RECORDS } from "~/domain/history/tables.server";
import { ROUTE_DECLARATIONS } from "~/route-declarations";
import { KINDS } from "~/tables/declared";
import { TABLES_INDEX, tablesIndex } from "../scripts/db-generate";
import { routeTree } from "./helpers/routes";
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

describe("a new table's triggers", () => {
  const suppliers = pgTable("suppliers", { id: id(), name: text("name").notNull(), ...timestamps() });
  const tags = pgTable("supplier_tags", {
    id: id(),
    supplierId: uuid("supplier_id").references(() => suppliers.id),
    label: text("label"),
  });
  const declared = declareRecords(suppliers, {
    kind: "supplier",
    noun: "supplier",
    plural: "Suppliers",
    page: "routes/admin/suppliers/edit",
    label: suppliers.name,
    public: false,
  });

  it("are written from its declaration: updated_at, both history triggers, its live updates", () => {
    expect(triggerPlan([], triggersOf(declared))).toEqual([
      `CREATE TRIGGER "suppliers_set_updated_at" BEFORE UPDATE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION set_updated_at();`,
      `CREATE TRIGGER "suppliers_history" AFTER UPDATE OR DELETE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION record_history('supplier:id', 'id', '');`,
      `CREATE TRIGGER "suppliers_history_inserts" AFTER INSERT ON "suppliers" REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION record_history_inserts('supplier:id', 'id');`,
      `CREATE CONSTRAINT TRIGGER "suppliers_changes" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('supplier', 'id', 'private');`,
      `CREATE TRIGGER "suppliers_changes_truncate" AFTER TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION publish_change('supplier', 'id', 'private');`,
    ]);
  });

  it("a table a public page reads moves the content version; one that is no record gets none but updated_at", () => {
    expect(triggersOf(declareRecords(suppliers, { ...declared.record!, public: true })).at(-1)!.args).toEqual([
      "supplier",
      "id",
      "public",
    ]);
    expect(triggersOf(declareNotRecords(tags, "a scratch table"))).toEqual([]);
  });

  it("once its migration made them, nothing is left to write; a trigger made otherwise is put right", () => {
    const made = triggersOf(declared);
    expect(triggerPlan(made, made)).toEqual([]);
    const changed = made.map((t) => (t.name === "suppliers_changes" ? { ...t, args: ["vendor", "id", "private"] } : t));
    expect(triggerPlan(changed, made)).toEqual([
      `DROP TRIGGER "suppliers_changes" ON "suppliers";`,
      `CREATE CONSTRAINT TRIGGER "suppliers_changes" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION publish_change('supplier', 'id', 'private');`,
    ]);
  });
});

describe("the kinds of record", () => {
  it("each kind's page is a declared route, at the address its table declares", () => {
    const paths = new Map<string, string>();
    const walk = (entries: RouteNode[], prefix: string) => {
      for (const entry of entries) {
        const path = entry.path ? `${prefix}/${entry.path}` : prefix;
        paths.set(entry.id, path);
        walk(entry.children ?? [], path);
      }
    };
    walk(routeTree(), "");
    for (const kind of KINDS.values()) {
      expect(Object.keys(ROUTE_DECLARATIONS), kind.kind).toContain(kind.page);
      if (kind.path)
        expect({ kind: kind.kind, path: paths.get(kind.page) }).toEqual({ kind: kind.kind, path: kind.path });
      // A kind whose history is its own links to its record's page.
      if (RECORDS[kind.kind].table) expect(kind.path, kind.kind).toBeDefined();
    }
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
