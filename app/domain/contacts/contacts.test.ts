import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { createUser } from "#tests/helpers/users";
import { db, schema } from "~/.server/db";
import { StaleRecordError } from "../errors";
import { deleteContact, getContactForEdit, listContacts, saveContact } from "./contacts.server";
import { contactFormSchema } from "./schema";

withTestDatabase();

describe("contact form schema", () => {
  test("the spec's messages", () => {
    const result = contactFormSchema.safeParse({ name: "", clientId: "", email: "nope" });
    const messages = Object.fromEntries(result.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({ name: "Name is required", clientId: "Client is required", email: "Invalid email" });
  });

  test("an empty email is fine and saved as null", () => {
    const client = "11111111-1111-4111-8111-111111111111";
    expect(contactFormSchema.parse({ name: "A", clientId: client, email: "" })).toMatchObject({
      email: null,
      phone: null,
    });
  });
});

describe("contacts", () => {
  test("search covers name, email and client name; newest first; portal access shows", async () => {
    const acme = await makeClient({ name: "Acme Playgrounds" });
    const other = await makeClient({ name: "Zed Ltd" });
    const older = await makeContact({ clientId: acme.id, name: "Old Timer" });
    const user = await createUser();
    const newer = await makeContact({
      clientId: other.id,
      name: "Fresh Face",
      email: "acme-fan@x.test",
      userId: user.id,
    });
    await makeContact({ clientId: other.id, name: "Nobody" });

    const rows = (await listContacts({ q: "ACME", page: 1 })).rows;
    expect(rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(rows[0]).toMatchObject({ hasPortalAccess: true, client: { name: "Zed Ltd" } });
    expect(rows[1]).toMatchObject({ hasPortalAccess: false, client: { name: "Acme Playgrounds" } });
  });

  test("a new contact is linked to its client; moving it moves the link", async () => {
    const first = await makeClient();
    const second = await makeClient();
    const { id } = await saveContact({ values: contactFormSchema.parse({ name: "Mover", clientId: first.id }) });
    const linked = (clientId: string) =>
      db()
        .select()
        .from(schema.clientContacts)
        .where(and(eq(schema.clientContacts.clientId, clientId), eq(schema.clientContacts.contactId, id)));
    expect(await linked(first.id)).toHaveLength(1);
    const { version } = (await getContactForEdit(id))!;
    await saveContact({ id, values: contactFormSchema.parse({ name: "Mover", clientId: second.id, version }) });
    expect(await linked(first.id)).toHaveLength(0);
    expect(await linked(second.id)).toHaveLength(1);
  });

  test("a stale edit is refused", async () => {
    const client = await makeClient();
    const { id } = await saveContact({ values: contactFormSchema.parse({ name: "Twice", clientId: client.id }) });
    const { version } = (await getContactForEdit(id))!;
    await saveContact({ id, values: contactFormSchema.parse({ name: "Once", clientId: client.id, version }) });
    await expect(
      saveContact({ id, values: contactFormSchema.parse({ name: "Twice again", clientId: client.id, version }) }),
    ).rejects.toBeInstanceOf(StaleRecordError);
  });

  test("deleting removes the contact and its links", async () => {
    const client = await makeClient();
    const { id } = await saveContact({ values: contactFormSchema.parse({ name: "Gone", clientId: client.id }) });
    await deleteContact(id);
    expect(await db().select().from(schema.clientContacts).where(eq(schema.clientContacts.contactId, id))).toEqual([]);
  });
});
