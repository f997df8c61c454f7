import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact, makeIndustryType, makeProject } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { InUseError, InvalidInputError, StaleRecordError } from "../errors";
import { deleteClient, getClientForEdit, listClients, saveClient } from "./clients.server";
import { clientFormSchema } from "./schema";

withTestDatabase();

const blank = { q: "", industry: "", page: 1 };
const values = (overrides: Partial<ReturnType<typeof clientFormSchema.parse>> = {}) =>
  clientFormSchema.parse({ name: "Sunny Park", ...overrides });

describe("client form schema", () => {
  test("the spec's messages", () => {
    const result = clientFormSchema.safeParse({ name: " ", website: "not a url" });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ name: "Name is required", website: "Invalid URL" });
    expect(clientFormSchema.safeParse({ name: "x".repeat(101) }).success).toBe(false);
  });

  test("only http(s) websites; empty optional text is null", () => {
    expect(clientFormSchema.safeParse({ name: "A", website: "javascript:alert(1)" }).success).toBe(false);
    expect(clientFormSchema.safeParse({ name: "A", website: "ftp://files.example.com" }).success).toBe(false);
    expect(clientFormSchema.parse({ name: "A", website: "https://example.com", location: "" })).toMatchObject({
      website: "https://example.com",
      location: null,
      notes: null,
    });
  });
});

describe("clients", () => {
  test("search covers name, location and website, case-insensitively; the filter takes an industry", async () => {
    await makeIndustryType({ name: "Schools" });
    const byName = await makeClient({ name: "Oakwood ACADEMY" });
    const byLocation = await makeClient({ name: "North Site", location: "Academy Road, Leeds" });
    const byWebsite = await makeClient({ name: "Web Only", website: "https://academy-play.example" });
    const school = await makeClient({ name: "Elm Primary", industryType: "Schools" });
    await makeClient({ name: "Unrelated Museum" });

    const found = (await listClients({ ...blank, q: "academy" })).rows.map((r) => r.id);
    expect(found.sort()).toEqual([byName.id, byLocation.id, byWebsite.id].sort());
    expect((await listClients({ ...blank, industry: "Schools" })).rows.map((r) => r.id)).toEqual([school.id]);
    // LIKE wildcards in the search are taken literally.
    expect((await listClients({ ...blank, q: "%" })).rows).toEqual([]);
  });

  test("rows carry the first two linked contacts by name and the contact count", async () => {
    const client = await makeClient({ name: "Contactful" });
    for (const name of ["Zoe", "Adam", "Maya"]) {
      const contact = await makeContact({ clientId: client.id, name, email: `${name.toLowerCase()}@x.test` });
      await db().insert(schema.clientContacts).values({ clientId: client.id, contactId: contact.id });
    }
    const row = (await listClients({ ...blank, q: "Contactful" })).rows[0]!;
    expect(row.contactCount).toBe(3);
    expect(row.contacts.map((c) => c.name)).toEqual(["Adam", "Maya"]);
    expect(row.contacts[0]).toMatchObject({ email: "adam@x.test", phone: null });
  });

  test("pages of 25 with the total", async () => {
    for (let i = 0; i < 30; i++) await makeClient({ name: `Paged ${String(i).padStart(2, "0")}` });
    const first = await listClients({ ...blank, q: "Paged" });
    const second = await listClients({ ...blank, q: "Paged", page: 2 });
    expect(first).toMatchObject({ total: 30, pageCount: 2 });
    expect(first.rows).toHaveLength(25);
    expect(second.rows.map((r) => r.name)).toEqual(["Paged 25", "Paged 26", "Paged 27", "Paged 28", "Paged 29"]);
  });

  test("saving replaces the contact links with the client row, all or nothing", async () => {
    const user = await createUser({ role: "staff" });
    const other = await makeClient();
    const a = await makeContact({ clientId: other.id, name: "A" });
    const b = await makeContact({ clientId: other.id, name: "B" });
    const { id } = await saveClient({ values: values({ contactIds: [a.id, b.id] }), userId: user.id });
    expect((await getClientForEdit(id))?.contactIds.sort()).toEqual([a.id, b.id].sort());

    const before = (await getClientForEdit(id))!;
    const gone = "00000000-0000-4000-8000-000000000000";
    await expect(
      saveClient({
        id,
        values: values({ name: "Renamed", contactIds: [b.id, gone], version: before.version }),
        userId: user.id,
      }),
    ).rejects.toBeInstanceOf(InvalidInputError);
    const after = (await getClientForEdit(id))!;
    expect(after.name).toBe("Sunny Park");
    expect(after.contactIds.sort()).toEqual([a.id, b.id].sort());

    await saveClient({ id, values: values({ contactIds: [b.id], version: after.version }), userId: user.id });
    expect((await getClientForEdit(id))?.contactIds).toEqual([b.id]);
    const [row] = await db().select().from(schema.clients).where(eq(schema.clients.id, id));
    expect(row?.createdBy).toBe(user.id);
  });

  test("two people editing: the second save is refused and nothing is overwritten", async () => {
    const user = await createUser({ role: "staff" });
    const { id } = await saveClient({ values: values(), userId: user.id });
    const opened = (await getClientForEdit(id))!;
    await saveClient({ id, values: values({ location: "First edit", version: opened.version }), userId: user.id });
    await expect(
      saveClient({ id, values: values({ location: "Second edit", version: opened.version }), userId: user.id }),
    ).rejects.toBeInstanceOf(StaleRecordError);
    expect((await getClientForEdit(id))?.location).toBe("First edit");
  });

  test("a client with projects cannot be deleted, and the message says how many", async () => {
    const client = await makeClient({ name: "Busy Builders" });
    await makeProject({ clientId: client.id });
    await makeProject({ clientId: client.id });
    await expect(deleteClient(client.id)).rejects.toThrow(
      new InUseError('"Busy Builders" has 2 projects. Delete them or move them to another client first.'),
    );
    const idle = await makeClient({ name: "Idle" });
    const contact = await makeContact({ clientId: idle.id });
    expect(await deleteClient(idle.id)).toEqual({ name: "Idle" });
    expect(await db().select().from(schema.contacts).where(eq(schema.contacts.id, contact.id))).toEqual([]);
  });
});
