import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { withTestDatabase } from "#tests/helpers/database";
import { makeClient, makeContact } from "#tests/helpers/factories";
import { mailsTo } from "#tests/helpers/outbox";
import { createUser, request } from "#tests/helpers/users";
import { auth } from "~/.server/auth";
import { getSession, requireStaff, requireStaffForApi } from "~/.server/auth/access";
import { db, schema } from "~/.server/db";
import { deleteContact, listContacts, saveContact } from "../contacts/contacts.server";
import { requestPasswordReset } from "../users/password-reset.server";
import { signIn } from "../users/users.server";
import { revertEntry } from "../history/history.server";
import { guessMapping } from "../import/fields";
import { readCsv } from "../import/parse.server";
import { planImport } from "../import/plan.server";
import { runImport } from "../import/run.server";
import { InvalidInputError } from "../errors";
import { invitePortalContact, PORTAL_MESSAGES, removePortalAccess } from "./portal-access.server";
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

  test("changing a portal contact's address or name ends its sessions at once, on every path that writes a contact", async () => {
    const contact = await contactOf("first@example.test");
    const client = await makeClient({ name: "Renamed Ltd" });
    await db().update(schema.contacts).set({ clientId: client.id }).where(eq(schema.contacts.id, contact.id));
    const signedIn = async () => {
      const { cookie } = await portalSession(contact.id);
      return async () => (await getSession(request("/portal", { headers: { Cookie: cookie } }))).user;
    };
    const account = async () => {
      const [row] = await db()
        .select({ email: schema.user.email, name: schema.user.name })
        .from(schema.user)
        .innerJoin(schema.contacts, eq(schema.contacts.userId, schema.user.id))
        .where(eq(schema.contacts.id, contact.id));
      return row;
    };
    const version = async () =>
      (await db().select().from(schema.contacts).where(eq(schema.contacts.id, contact.id)))[0]!.updatedAt.toISOString();
    const values = { clientId: client.id, phone: null };

    // The contact form: a new address.
    let open = await signedIn();
    await saveContact({
      id: contact.id,
      values: { ...values, name: "Pat Portal", email: "second@example.test", version: await version() },
    });
    expect(await open(), "the form, a new address").toBeNull();
    expect(await account()).toEqual({ email: "second@example.test", name: "Pat Portal" });

    // The contact form: a new name.
    open = await signedIn();
    await saveContact({
      id: contact.id,
      values: { ...values, name: "Sam Portal", email: "second@example.test", version: await version() },
    });
    expect(await open(), "the form, a new name").toBeNull();

    // An import that renames the contact it finds by its address.
    open = await signedIn();
    const table = await readCsv(
      new TextEncoder().encode("Name,Email,Client\nAlex Portal,second@example.test,Renamed Ltd\n"),
    );
    const plan = await planImport("contacts", table, guessMapping("contacts", table.headers));
    expect(plan.errors).toEqual([]);
    await runImport(plan, { actor: { id: null, name: "Ann Importer" }, fileName: "contacts.csv", createNew: false });
    expect(await open(), "an import").toBeNull();
    expect(await account()).toEqual({ email: "second@example.test", name: "Alex Portal" });

    // The history: reverting the save that changed the address puts the old one back, on the account too.
    open = await signedIn();
    const { rows } = await db().execute<{ tx_id: string }>(
      sql`select tx_id::text from record_history where table_name = 'contacts' and row_id = ${contact.id}
          and after ->> 'email' = 'second@example.test' and before ->> 'email' = 'first@example.test'`,
    );
    expect(rows).toHaveLength(1);
    await revertEntry(`tx:${rows[0]!.tx_id}:contact:${contact.id}`);
    expect(await open(), "a revert").toBeNull();
    expect((await account())?.email).toBe("first@example.test");

    // Any other write to the contact.
    open = await signedIn();
    await db().update(schema.contacts).set({ email: "Third@Example.test" }).where(eq(schema.contacts.id, contact.id));
    expect(await open(), "any write").toBeNull();
    expect((await account())?.email).toBe("third@example.test");
    // A write that changes neither (the same address in other letters is the same address) signs nobody out.
    open = await signedIn();
    await db()
      .update(schema.contacts)
      .set({ email: "THIRD@example.test", phone: "1" })
      .where(eq(schema.contacts.id, contact.id));
    expect(await open(), "no change").not.toBeNull();
    // And no write takes the address of a contact with portal access away.
    await expect(
      db().update(schema.contacts).set({ email: null }).where(eq(schema.contacts.id, contact.id)),
    ).rejects.toThrow();
  });

  test("deleting a contact ends its portal account", async () => {
    const contact = await contactOf("deleted@example.test");
    await invitePortalContact(contact.id, null);
    await deleteContact(contact.id);
    expect(await db().select().from(schema.user).where(eq(schema.user.email, "deleted@example.test"))).toEqual([]);
  });

  test("a portal account gets no password: no reset mail, and no password sign-in even if it had one", async () => {
    const contact = await contactOf("no-password@example.test");
    const { userId } = await portalSession(contact.id);
    const unknown = "nobody-at-all@example.test";
    // Forgot password: the same answer as for any address, and no link.
    expect(await requestPasswordReset({ email: contact.email!, ip: "198.51.100.60" })).toEqual(
      await requestPasswordReset({ email: unknown, ip: "198.51.100.61" }),
    );
    expect(mailsTo(contact.email!.toLowerCase()).filter((mail) => /password/i.test(mail.subject))).toEqual([]);

    // A password it got before (through that link): refused as a wrong one is, and no session.
    const context = await (await auth()).$context;
    await context.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: await context.password.hash("client-password-1"),
    });
    const sessions = async () =>
      (await db().select().from(schema.session).where(eq(schema.session.userId, userId))).length;
    const before = await sessions();
    const wrong = await signIn({ email: contact.email!, password: "not-the-password", ip: "198.51.100.62" });
    const right = await signIn({ email: contact.email!, password: "client-password-1", ip: "198.51.100.63" });
    expect(right).toEqual(wrong);
    expect(right.ok).toBe(false);
    expect(await sessions()).toBe(before);
  });
});
