import { describe, expect, test } from "vitest";
import { backupTables, sortByReferences, type BackupTable } from "./tables";

const names = () => backupTables().map((table) => table.name);
const position = (name: string) => names().indexOf(name);

describe("backup tables", () => {
  test("are every table of the schema, better-auth's users and accounts included, but no live state and no view", () => {
    expect([...names()].sort()).toEqual(
      [
        "account",
        "audit_log",
        "client_contacts",
        "clients",
        "company_settings",
        "contacts",
        "contract_events",
        "contract_recipients",
        "contract_uploads",
        "contracts",
        "galleries",
        "gallery_projects",
        "import_batches",
        "industry_types",
        "invitation",
        "inquiries",
        "playground_options",
        "project_images",
        "project_options",
        "project_videos",
        "projects",
        "record_history",
        "security_settings",
        "share_links",
        "uploads",
        "user",
      ].sort(),
    );
    expect(names()).not.toContain("gallery_projects_with_details");
    // Second factors are live credentials, encrypted with a secret the archive does not hold.
    expect(names()).not.toContain("two_factor");
  });

  test("come after every table they reference", () => {
    for (const table of backupTables()) {
      for (const parent of table.references) expect(position(parent)).toBeLessThan(position(table.name));
    }
    expect(position("contacts")).toBeGreaterThan(position("clients"));
    expect(position("client_contacts")).toBeGreaterThan(position("contacts"));
    expect(position("gallery_projects")).toBeGreaterThan(position("galleries"));
    expect(position("gallery_projects")).toBeGreaterThan(position("projects"));
    expect(position("clients")).toBeGreaterThan(position("industry_types"));
    expect(position("clients")).toBeGreaterThan(position("user"));
  });

  test("know their keys, composite ones included, with SQL types", () => {
    const byName = new Map(backupTables().map((table) => [table.name, table]));
    expect(byName.get("user")!.primaryKey).toEqual([{ column: "id", sqlType: "uuid" }]);
    expect(byName.get("industry_types")!.primaryKey).toEqual([{ column: "id", sqlType: "uuid" }]);
    expect(byName.get("project_options")!.primaryKey).toEqual([
      { column: "project_id", sqlType: "uuid" },
      { column: "option_id", sqlType: "uuid" },
    ]);
  });

  test("find the columns that name upload files", () => {
    const keys = backupTables().flatMap((table) => table.uploadKeyColumns.map((column) => `${table.name}.${column}`));
    expect(keys.sort()).toEqual([
      "clients.logo_key",
      "company_settings.logo_key",
      "contract_uploads.storage_key",
      "contracts.document_key",
      "contracts.signed_document_key",
      "playground_options.image_key",
      "project_images.storage_key",
      "uploads.storage_key",
    ]);
  });

  test("a foreign-key cycle is refused", () => {
    const table = (name: string, references: string[]): BackupTable => ({
      name,
      references,
      primaryKey: [{ column: "id", sqlType: "uuid" }],
      uploadKeyColumns: [],
    });
    expect(() => sortByReferences([table("a", ["b"]), table("b", ["a"])])).toThrow(/cycle: a → b → a/);
    expect(sortByReferences([table("c", ["a"]), table("b", []), table("a", ["b"])]).map((t) => t.name)).toEqual([
      "b",
      "a",
      "c",
    ]);
  });
});
