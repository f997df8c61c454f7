// CSV import: an export imported into an empty database gives the same
// records; importing again updates instead of duplicating; an import is
// undone whole; every row is checked by the forms' own rules, named by row and
// column; hostile or broken files are refused and write nothing.
import { buffer } from "node:stream/consumers";
import { count, eq, sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeIndustryType, makeProject } from "#tests/helpers/factories";
import { db, schema } from "~/.server/db";
import { csvStream } from "~/.server/http/csv-response";
import { CLIENT_CSV, exportClients } from "~/domain/clients/export.server";
import { CONTACT_CSV, exportContacts } from "~/domain/contacts/export.server";
import { undoImport } from "~/domain/history/history.server";
import { invitePortalContact } from "~/domain/contacts/portal-access.server";
import { exportProjects, PROJECT_CSV } from "~/domain/projects/export.server";
import { guessMapping, type ImportKind } from "./fields";
import { ImportFileError, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, readCsv } from "./parse.server";
import { planImport } from "./plan.server";
import { runImport } from "./run.server";

withTestDatabase();

const ann = { id: null, name: "Ann Importer" };
const bytes = (text: string) => new TextEncoder().encode(text);

async function preview(kind: ImportKind, file: Uint8Array | string) {
  const table = await readCsv(typeof file === "string" ? bytes(file) : file);
  return planImport(kind, table, guessMapping(kind, table.headers));
}

async function importCsv(kind: ImportKind, file: Uint8Array | string, createNew = true) {
  const plan = await preview(kind, file);
  expect(plan.errors).toEqual([]);
  return runImport(plan, { actor: ann, fileName: `${kind}.csv`, createNew });
}

const csv = async <Row>(columns: Parameters<typeof csvStream<Row>>[0], rows: AsyncIterable<Row>) =>
  new Uint8Array(await buffer(csvStream(columns, rows)));

async function exportAll() {
  return {
    clients: await csv(CLIENT_CSV, exportClients({ q: "", industry: "" })),
    contacts: await csv(CONTACT_CSV, exportContacts("")),
    projects: await csv(PROJECT_CSV, exportProjects({ q: "", status: "" })),
  };
}

/** A file's rows, sorted (rows written in one statement share their creation time, so their order is the ids'). */
const rowsOf = (file: Uint8Array) =>
  (parse(Buffer.from(file), { bom: true, columns: true }) as Record<string, string>[])
    .map((row) => JSON.stringify(row))
    .sort();

async function wipe() {
  await db().execute(sql`delete from projects`);
  await db().execute(sql`delete from clients`);
  await db().execute(sql`delete from industry_types`);
}

const total = async (table: PgTable) => (await db().select({ n: count() }).from(table))[0]!.n;

describe("import", () => {
  test("round trip: the exports imported into an empty database give the same records", async () => {
    await wipe();
    await makeIndustryType({ name: "Parks" });
    const oak = await makeClient({
      name: "Oak Council",
      industryType: "Parks",
      location: "Leeds, UK",
      website: "https://oak.example",
      notes: '=1+1 is a note, "quoted"; and multi\nline',
    });
    const elm = await makeClient({ name: "Elm School" });
    const ada = await makeContact({
      clientId: oak.id,
      name: "Ada Lovelace",
      email: "ada@oak.example",
      phone: "+44 113 496 0000",
    });
    await db().insert(schema.clientContacts).values({ clientId: oak.id, contactId: ada.id });
    const bob = await makeContact({ clientId: elm.id, name: "Bob Byte", phone: "-5" });
    await db().insert(schema.clientContacts).values({ clientId: elm.id, contactId: bob.id });
    await makeProject({
      clientId: oak.id,
      title: "Oak Park",
      projectName: "oak-park",
      status: "completed",
      endDate: "2024-05-01",
      description: "@big",
    });
    await makeProject({ clientId: elm.id, title: "Elm Yard", status: "in_progress" });
    const before = await exportAll();
    expect(rowsOf(before.clients).join()).toContain('"Linked Contacts":"Ada Lovelace"');

    await wipe();
    // Industry types are created from the clients' file when confirmed.
    await importCsv("clients", before.clients);
    await importCsv("contacts", before.contacts);
    await importCsv("projects", before.projects);
    const after = await exportAll();
    for (const kind of ["clients", "contacts", "projects"] as const) {
      expect(rowsOf(after[kind]), kind).toEqual(rowsOf(before[kind]));
    }
  });

  test("importing again updates instead of duplicating; a changed cell updates that record", async () => {
    await wipe();
    const file = "Name;Email;Phone;Client\nCy Twombly;CY@Example.test;1;Pine Club\nDee Dee;;2;Pine Club\n";
    const first = await importCsv("contacts", file);
    expect(first).toMatchObject({ created: 3, updated: 0 }); // the client and two contacts
    expect(await importCsv("contacts", file)).toMatchObject({ created: 0, updated: 0 });
    const changed = await importCsv(
      "contacts",
      file.replace("Cy Twombly;CY@Example.test;1", "Cy Twombly;cy@example.test;99"),
    );
    expect(changed).toMatchObject({ created: 0, updated: 1 });
    expect(await total(schema.contacts)).toBe(2);
    expect(await total(schema.clients)).toBe(1);
    const [cy] = await db().select().from(schema.contacts).where(eq(schema.contacts.email, "cy@example.test"));
    expect(cy!.phone).toBe("99");
    // Each contact linked to its client, as the form links it.
    expect(await total(schema.clientContacts)).toBe(2);
  });

  test("clients with their contacts: one client per name, its contacts from each row; re-import matches both", async () => {
    await wipe();
    const file =
      "Client Name,Industry Type,Contact Name,Contact Email\n" +
      "Birch Ltd,Schools,Ann A,ann@birch.test\nbirch ltd,,Ben B,ben@birch.test\nCedar Co,schools,,\n";
    const plan = await preview("clients", file);
    expect(plan.newIndustryTypes).toEqual(["Schools"]);
    await expect(runImport(plan, { actor: ann, fileName: "c.csv", createNew: false })).rejects.toThrow(
      /Confirm creating/,
    );
    expect(await total(schema.clients)).toBe(0);
    await runImport(plan, { actor: ann, fileName: "c.csv", createNew: true });
    expect(await total(schema.clients)).toBe(2);
    expect(await total(schema.contacts)).toBe(2);
    const again = await preview("clients", file);
    expect(again.clients.every((c) => c.id)).toBe(true);
    expect(again.contacts.every((c) => c.id)).toBe(true);
  });

  test("an import is undone whole: what it created goes, what it updated gets its values back", async () => {
    await wipe();
    const pine = await makeClient({ name: "Pine Club", location: "York" });
    const outcome = await importCsv("clients", "Client Name,Location\nPine Club,Hull\nFir Farm,Bath\n");
    expect(outcome).toMatchObject({ created: 1, updated: 1 });
    const [batch] = await db().select().from(schema.importBatches).where(eq(schema.importBatches.id, outcome.batchId));
    expect(batch).toMatchObject({ kind: "clients", created: 1, updated: 1, importedByName: "Ann Importer" });
    await undoImport(outcome.batchId);
    const rows = await db()
      .select({ name: schema.clients.name, location: schema.clients.location })
      .from(schema.clients);
    expect(rows).toEqual([{ name: "Pine Club", location: "York" }]);
    expect((await db().select().from(schema.clients).where(eq(schema.clients.id, pine.id)))[0]!.location).toBe("York");
  });

  test("every row is checked with the forms' messages, named by row and column; nothing is written while any fails", async () => {
    await wipe();
    const plan = await preview(
      "contacts",
      "Name,E-mail,Client\n,a@b.test,Pine\nEve,not-an-email,Pine\nFay,f@x.test,\nGus,=cmd|' /C calc'!A0,Pine\nHal,'=not a formula@x.test,Pine\nJo,j@x.test,Pine\nIvy,J@x.test,Pine\n",
    );
    expect(plan.errors).toEqual([
      { row: 2, column: "Name", message: "Name is required" },
      { row: 3, column: "E-mail", message: "Invalid email" },
      { row: 4, column: "Client", message: "Client is required" },
      { row: 5, column: "E-mail", message: expect.stringContaining("Looks like a spreadsheet formula") },
      { row: 6, column: "E-mail", message: "Invalid email" },
      { row: 8, column: "E-mail", message: "This email is also on row 7: keep one of the two rows." },
    ]);
    await expect(runImport(plan, { actor: ann, fileName: "x.csv", createNew: true })).rejects.toThrow(/Fix the rows/);
    expect(await total(schema.contacts)).toBe(0);
    const projects = await preview(
      "projects",
      "Title,Project Name,Status,Client,End Date\nA,Bad Name,Done,Pine,31/02/2024\n",
    );
    expect(projects.errors.map((e) => `${e.column}: ${e.message}`)).toEqual([
      "Project Name: Project name can only contain lowercase letters, numbers, and hyphens",
      "Status: Choose a status",
      "End Date: Invalid date",
    ]);
  });

  test("a contact with portal access keeps an address: a row that blanks it is refused by row and column", async () => {
    await wipe();
    const client = await makeClient({ name: "Pine" });
    const contact = await makeContact({ clientId: client.id, name: "Pat Portal", email: "pat@pine.test" });
    await invitePortalContact(contact.id, null);
    const plan = await preview("contacts", "Name,E-mail,Phone,Client\nPat Portal,,555,Pine\n");
    expect(plan.errors).toEqual([
      {
        row: 2,
        column: "E-mail",
        message: "Pat Portal has access to the client portal: keep their email address, or remove their access first.",
      },
    ]);
    expect((await db().select().from(schema.contacts).where(eq(schema.contacts.id, contact.id)))[0]).toMatchObject({
      email: "pat@pine.test",
      phone: null,
    });
  });

  test("hostile or broken files are refused with a clear message and write nothing", async () => {
    await wipe();
    const refused = async (file: Uint8Array, message: RegExp) => {
      const error = await readCsv(file).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportFileError);
      expect((error as Error).message).toMatch(message);
    };
    // A zip (a zip bomb is one) renamed .csv: never unpacked.
    await refused(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), /zip archive/);
    await refused(new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]), /gzip archive/);
    await refused(new Uint8Array([0xff, 0xfe, 0x4e, 0x00, 0x61, 0x00]), /UTF-16/);
    // "Café" in Windows-1252.
    await refused(new Uint8Array([...bytes("Name\nCaf"), 0xe9, 0x0a]), /not UTF-8/);
    await refused(bytes(`Name\n${"x".repeat(70_000)}\n`), /longer than 65,536 characters/);
    await refused(bytes(`Name\n"never closed\n`), /quoted cell is never closed/);
    await refused(bytes(`Name\n${"a\n".repeat(MAX_IMPORT_ROWS + 1)}`), /more than 10,000 rows/);
    await refused(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61), /larger than 10 MB/);
    await refused(bytes("Name,Client\n"), /no rows under it/);
    expect(await total(schema.clients)).toBe(0);
    expect(
      await db()
        .select()
        .from(schema.importBatches)
        .where(sql`${schema.importBatches.fileName} = 'hostile.csv'`),
    ).toEqual([]);
  });

  test("a table is read as it is: at most 200 columns, short rows not padded, cells beyond the header dropped", async () => {
    const wide = (n: number) => Array.from({ length: n }, (_, i) => `H${i}`).join(",");
    const error = await readCsv(bytes(`${wide(MAX_IMPORT_COLUMNS + 1)}\na\n`)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as Error).message).toBe(
      "This file has more than 200 columns: keep only the columns to import (at most 200), and upload it again.",
    );
    const table = await readCsv(bytes(`${wide(MAX_IMPORT_COLUMNS)}\na\nb,c\n${wide(MAX_IMPORT_COLUMNS + 50)}\n`));
    expect(table.headers).toHaveLength(MAX_IMPORT_COLUMNS);
    expect(table.rows.map((row) => row.length)).toEqual([1, 2, MAX_IMPORT_COLUMNS]);
  });

  test("BOM, semicolons and quoted separators are read as Excel writes them", async () => {
    const table = await readCsv(bytes('\uFEFFClient Name;Notes\r\n"Oak; Sons";"says ""hi"", ok"\r\n'));
    expect(table).toEqual({ headers: ["Client Name", "Notes"], rows: [["Oak; Sons", 'says "hi", ok']] });
  });

  test("one import is one transaction: a write that fails leaves no record, no history row and no batch", async () => {
    await wipe();
    const plan = await preview("projects", "Title,Project Name,Client\nNew Park,new-park,Brand New Client\n");
    expect(plan.newClients).toEqual(["Brand New Client"]);
    // Someone takes the project name between the preview and the import.
    const other = await makeClient({ name: "Other" });
    await makeProject({ clientId: other.id, title: "Taken", projectName: "new-park" });
    const [history, batches] = [await total(schema.recordHistory), await total(schema.importBatches)];
    await expect(runImport(plan, { actor: ann, fileName: "p.csv", createNew: true })).rejects.toThrow(
      /nothing was imported/,
    );
    // The new client written before the project's failed insert was never committed.
    expect((await db().select({ name: schema.clients.name }).from(schema.clients)).map((c) => c.name)).toEqual([
      "Other",
    ]);
    expect(await total(schema.recordHistory)).toBe(history);
    expect(await total(schema.importBatches)).toBe(batches);
  });

  test("no one sees part of an import: a read made while it runs sees none of it or all of it", async () => {
    await wipe();
    const rows = Array.from({ length: 600 }, (_, n) => `Batch Client ${n}`);
    const plan = await preview("clients", `Client Name\n${rows.join("\n")}\n`);
    let seen: Promise<number> | undefined;
    await runImport(plan, {
      actor: ann,
      fileName: "many.csv",
      createNew: true,
      // After the first 500 are written: another request's read (on PostgreSQL another
      // connection that does not wait; on PGlite a statement queued behind the import).
      onProgress: () => (seen ??= total(schema.clients)),
    });
    expect([0, 600]).toContain(await seen);
  });
});
