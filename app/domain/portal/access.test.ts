import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser, request } from "#tests/helpers/users";
import { getSession, requireStaff, requireStaffForApi } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { deleteContact, listContacts, saveContact } from "../contacts/contacts.server";
import { InvalidInputError } from "../errors";
import { invitePortalContact, PORTAL_MESSAGES, removePortalAccess } from "./access.server";
import { portalSession } from "#tests/helpers/portal";

withTestDatabase();

async function contactOf(email: string | null) {
  const client = await makeClient({ name: `Client of ${email}` });
  return makeContact({ clientId: client.id, name: "Pat Portal", email });
}

describe("portal access", () => {
  test("inviting gives the contact a client account, the badge and a mail linking to the portal", async () => {
    const contact = await contactOf("Pat@Example.test");
    const before = await listContacts({ q: "Pat Portal", page: 1 });
    expect(before.rows.find((row) => row.id === contact.id)?.hasPortalAccess).toBe(false);

    await expect(invitePortalContact(contact.id, null)).resolves.toEqual({ email: "pat@example.test", again: false });

    const [account] = await db().select().from(schema.user).where(eq(schema.user.email, "pat@example.test"));
    expect(account).toMatchObject({ role: "client", name: "Pat Portal" });
    const after = await listContacts({ q: "Pat Portal", page: 1 });
    expect(after.rows.find((row) => row.id === contact.id)?.hasPortalAccess).toBe(true);
    const [mail] = mailsTo("pat@example.test");
    expect(mail?.subject).toBe("Your client portal is ready");
    expect(mail?.text).toMatch(/http:\/\/\S+\/portal\b/);

    // Again: the same account, a second mail.
    await expect(invitePortalContact(contact.id, null)).resolves.toMatchObject({ again: true });
    expect(mailsTo("pat@example.test")).toHaveLength(2);
  });

  test("a contact without an email, or whose address is a staff account's, cannot be invited", async () => {
    const noEmail = await contactOf(null);
    await expect(invitePortalContact(noEmail.id, null)).rejects.toThrow(PORTAL_MESSAGES.noEmail);
    const staff = await createUser({ role: "staff" });
    const sameAsStaff = await contactOf(staff.email.toUpperCase());
    await expect(invitePortalContact(sameAsStaff.id, null)).rejects.toThrow(PORTAL_MESSAGES.staffAddress);
    const [row] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, sameAsStaff.id));
    expect(row?.userId).toBeNull();
  });

  test("a client account never passes the staff guards", async () => {
    const contact = await contactOf("guarded@example.test");
    const client = await portalSession(contact.id);
    const admin = request("/admin/clients", { headers: { Cookie: client.cookie } });
    const thrown = await requireStaff(admin).catch((answer: unknown) => answer);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/portal");
    const api = await requireStaffForApi(request("/api/uploads", { headers: { Cookie: client.cookie } })).catch(
      (answer: unknown) => answer,
    );
    expect((api as Response).status).toBe(403);
  });

  test("removing access ends the account and signs that person out at once", async () => {
    const contact = await contactOf("leaving@example.test");
    const client = await portalSession(contact.id);
    expect((await getSession(request("/portal", { headers: { Cookie: client.cookie } }))).user?.role).toBe("client");

    await removePortalAccess(contact.id, null);

    expect((await getSession(request("/portal", { headers: { Cookie: client.cookie } }))).user).toBeNull();
    expect(await db().select().from(schema.user).where(eq(schema.user.email, "leaving@example.test"))).toEqual([]);
    const after = await listContacts({ q: "leaving@example.test", page: 1 });
    expect(after.rows[0]?.hasPortalAccess).toBe(false);
  });

  test("a contact with access keeps its account's address in step, and cannot lose its address", async () => {
    const contact = await contactOf("old@example.test");
    await invitePortalContact(contact.id, null);
    const values = { name: "Pat Portal", clientId: contact.clientId, phone: null };
    const version = async () =>
      (await db().select().from(schema.contacts).where(eq(schema.contacts.id, contact.id)))[0]!.updatedAt.toISOString();

    await saveContact({ id: contact.id, values: { ...values, email: "new@example.test", version: await version() } });
    const [linked] = await db().select().from(schema.contacts).where(eq(schema.contacts.id, contact.id));
    const [account] = await db().select().from(schema.user).where(eq(schema.user.id, linked!.userId!));
    expect(account?.email).toBe("new@example.test");

    const removed = saveContact({ id: contact.id, values: { ...values, email: null, version: await version() } });
    await expect(removed).rejects.toBeInstanceOf(InvalidInputError);
  });

  test("deleting a contact ends its portal account", async () => {
    const contact = await contactOf("deleted@example.test");
    await invitePortalContact(contact.id, null);
    await deleteContact(contact.id);
    expect(await db().select().from(schema.user).where(eq(schema.user.email, "deleted@example.test"))).toEqual([]);
  });
});
