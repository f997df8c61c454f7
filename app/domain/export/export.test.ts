// Lists as CSV: what the list shows with its search and filters, every row
// however many chunks it takes, and cells a spreadsheet would run as formulas escaped.
import { buffer } from "node:stream/consumers";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeProject } from "#tests/helpers/factories";
import { csvStream } from "~/.server/http/csv-response";
import { CLIENT_CSV, exportClients } from "~/domain/clients/export.server";
import { CONTACT_CSV, exportContacts } from "~/domain/contacts/export.server";
import { exportProjects, PROJECT_CSV } from "~/domain/projects/export.server";
import { inChunks } from "./chunks.server";

withTestDatabase();

// The bytes as sent (a TextDecoder would drop the byte-order mark).
const read = async <Row>(columns: Parameters<typeof csvStream<Row>>[0], rows: AsyncIterable<Row>) =>
  (await buffer(csvStream(columns, rows))).toString("utf8");

describe("export", () => {
  test("cells starting with =, +, -, @ are escaped; the file starts with a BOM and reads back as written", async () => {
    const hostile = "=cmd|' /C calc'!A0";
    const client = await makeClient({ name: "Formula Parks", notes: hostile, location: "+44 Leeds" });
    await makeContact({ clientId: client.id, name: "@mention", email: "m@x.test", phone: "-1" });
    const clients = await read(CLIENT_CSV, exportClients({ q: "Formula", industry: "" }));
    expect(clients.startsWith("\uFEFF")).toBe(true);
    const [row] = parse(clients, { bom: true, columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ "Client Name": "Formula Parks", Notes: `'${hostile}`, Location: "'+44 Leeds" });
    const contacts = parse(await read(CONTACT_CSV, exportContacts("mention")), { bom: true, columns: true });
    expect(contacts).toEqual([{ Name: "'@mention", Email: "m@x.test", Phone: "'-1", Client: "Formula Parks" }]);
  });

  test("the list's search and filter choose the rows", async () => {
    const client = await makeClient({ name: "Filter Client" });
    await makeProject({ clientId: client.id, title: "Oak Export", status: "completed" });
    await makeProject({ clientId: client.id, title: "Oak Draft Export", status: "draft" });
    await makeProject({ clientId: client.id, title: "Elm Export", status: "completed" });
    const rows = parse(await read(PROJECT_CSV, exportProjects({ q: "oak", status: "completed" })), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(rows.map((r) => [r["Project Title"], r.Status, r.Client])).toEqual([
      ["Oak Export", "Completed", "Filter Client"],
    ]);
  });

  test("every row comes, a chunk at a time", async () => {
    const reads: number[] = [];
    const all: number[] = [];
    for await (const n of inChunks(async (limit, offset) => {
      reads.push(offset);
      return [1, 2, 3, 4, 5].slice(offset, offset + limit);
    }, 2)) {
      all.push(n);
    }
    expect(all).toEqual([1, 2, 3, 4, 5]);
    expect(reads).toEqual([0, 2, 4]);
  });
});
