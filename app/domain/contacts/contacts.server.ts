// Contacts: people at a client. A contact belongs to one client (client_id) and
// is linked to it (client_contacts), so it shows among the client's contacts;
// the client form can link it to other clients too.
import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { updateIfUnchanged } from "../versioned-update.server";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import { InvalidInputError, NotFoundError } from "../errors";
import { endPortalAccount } from "./portal-access.server";
import { columnValues } from "../form-fields";
import { CONTACT_FIELDS, type ContactFormValues } from "./schema";

const { contacts, clients, clientContacts } = schema;

export interface ContactListRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  hasPortalAccess: boolean;
  client: { id: string; name: string; industryType: string | null };
}

export function contactFilters(q: string): SQL | undefined {
  return containsText(q, [contacts.name, contacts.email, clients.name]);
}

/** Newest first, searched across name, email and client name, one page in one round trip. */
export async function listContacts(query: { q: string; page: number }): Promise<Paginated<ContactListRow>> {
  const rows = await db()
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      phone: contacts.phone,
      userId: contacts.userId,
      clientId: clients.id,
      clientName: clients.name,
      clientIndustryType: clients.industryType,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(contacts)
    .innerJoin(clients, eq(clients.id, contacts.clientId))
    .where(contactFilters(query.q))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const listed = await pageOf(rows, query.page, async () => {
    const [row] = await db()
      .select({ n: count() })
      .from(contacts)
      .innerJoin(clients, eq(clients.id, contacts.clientId))
      .where(contactFilters(query.q));
    return row?.n ?? 0;
  });
  return {
    ...listed,
    rows: listed.rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      hasPortalAccess: row.userId !== null,
      client: { id: row.clientId, name: row.clientName, industryType: row.clientIndustryType },
    })),
  };
}

/** Every contact with its client's name, by name: the client form's picker. */
export async function listContactChoices() {
  return db()
    .select({ id: contacts.id, name: contacts.name, email: contacts.email, clientName: clients.name })
    .from(contacts)
    .innerJoin(clients, eq(clients.id, contacts.clientId))
    .orderBy(asc(contacts.name), asc(contacts.id));
}

export async function getContactForEdit(id: string) {
  const [contact] = await db().select().from(contacts).where(eq(contacts.id, id));
  if (!contact) return null;
  return {
    id: contact.id,
    ...columnValues(CONTACT_FIELDS, contact),
    hasPortalAccess: contact.userId !== null,
    version: contact.updatedAt.toISOString(),
  };
}

export async function saveContact(input: { id?: string; values: ContactFormValues }): Promise<{ id: string }> {
  const { values } = input;
  const fields = columnValues(CONTACT_FIELDS, values);
  try {
    return await db().transaction(async (tx) => {
      await withActor(tx);
      if (!input.id) {
        const [created] = await tx.insert(contacts).values(fields).returning({ id: contacts.id });
        await tx.insert(clientContacts).values({ clientId: values.clientId, contactId: created!.id });
        return { id: created!.id };
      }
      const [before] = await tx
        .select({ clientId: contacts.clientId, userId: contacts.userId })
        .from(contacts)
        .where(eq(contacts.id, input.id))
        .for("update");
      if (!before) throw new NotFoundError("This contact no longer exists.");
      if (!values.version) throw new InvalidInputError("This form is out of date: reload the page.");
      if (before.userId) await assertPortalAddress(tx, before.userId, values);
      await updateIfUnchanged(tx, contacts, input.id, values.version, fields, "contact");
      if (before.clientId !== values.clientId) {
        // Moving a contact to another client moves its link with it.
        await tx
          .delete(clientContacts)
          .where(and(eq(clientContacts.clientId, before.clientId), eq(clientContacts.contactId, input.id)));
        await tx
          .insert(clientContacts)
          .values({ clientId: values.clientId, contactId: input.id })
          .onConflictDoNothing();
      }
      return { id: input.id };
    });
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new InvalidInputError("That client no longer exists: pick another.", "clientId");
    throw error;
  }
}

/**
 * A contact with portal access keeps its account in step: the code goes to
 * the new address, and a new address or name ends the account's sessions
 * (the database does both, for every path that writes a contact: drizzle
 * 0026). Here, the refusals in the form's words: no other account may have
 * the address, and it cannot be removed while the portal signs in with it.
 */
async function assertPortalAddress(tx: Tx, userId: string, values: ContactFormValues) {
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new InvalidInputError(PORTAL_NEEDS_EMAIL, "email");
  const [taken] = await tx
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(and(sql`lower(${schema.user.email}) = ${email}`, ne(schema.user.id, userId)));
  if (taken) throw new InvalidInputError("Another account already uses this address.", "email");
}

export const PORTAL_NEEDS_EMAIL =
  "This contact has portal access, which signs in with this address: remove portal access first.";

/** Deletes a contact; its portal account (if any) goes with it, signing that person out. */
export async function deleteContact(id: string): Promise<{ name: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    const [deleted] = await tx
      .delete(contacts)
      .where(eq(contacts.id, id))
      .returning({ name: contacts.name, userId: contacts.userId });
    if (!deleted) throw new NotFoundError("This contact no longer exists.");
    if (deleted.userId) await endPortalAccount(tx, deleted.userId);
    return { name: deleted.name };
  });
}
