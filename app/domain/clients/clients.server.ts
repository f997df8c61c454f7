// Clients: the list (search, industry filter, pages, first two linked
// contacts), the form (client row, logo and contact links saved together),
// and deletion (refused while the client still has projects).
import { and, asc, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { updateIfUnchanged } from "../versioned-update.server";
import { imageSources } from "~/.server/images/sources";
import { claimUpload, discardStoredImage } from "~/domain/media/media.server";
import type { ImageSources } from "~/lib/image-sources";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import { InUseError, InvalidInputError, NotFoundError } from "../errors";
import { columnValues } from "../form-fields";
import { CLIENT_FIELDS, type ClientFormValues } from "./schema";

const { clients, clientContacts, contacts, projects } = schema;

export interface ClientListRow {
  id: string;
  name: string;
  industryType: string | null;
  logo: ImageSources | null;
  location: string | null;
  website: string | null;
  contactCount: number;
  /** The first two linked contacts, by name. */
  contacts: { id: string; name: string; email: string | null; phone: string | null }[];
}

export function clientFilters(query: { q: string; industry: string }): SQL | undefined {
  // and() leaves out the filters not asked for (undefined), and is undefined with none.
  return and(
    containsText(query.q, [clients.name, clients.location, clients.website]),
    query.industry ? eq(clients.industryType, query.industry) : undefined,
  );
}

/** One page of clients, with their first two contacts and the total, in one round trip. */
export async function listClients(query: {
  q: string;
  industry: string;
  page: number;
}): Promise<Paginated<ClientListRow>> {
  const rows = await db()
    .select({
      id: clients.id,
      name: clients.name,
      industryType: clients.industryType,
      logoKey: clients.logoKey,
      logoWidth: clients.logoWidth,
      logoHeight: clients.logoHeight,
      location: clients.location,
      website: clients.website,
      total: sql<number>`count(*) over ()`.mapWith(Number),
      contactCount:
        sql<number>`(select count(*) from ${clientContacts} cc where cc.client_id = "clients"."id")`.mapWith(Number),
      // Drizzle writes a bare "id" for columns here, which the subquery would
      // take for its own: the outer row is named in full.
      contacts: sql<ClientListRow["contacts"]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone) order by c.name)
        from (
          select c.id, c.name, c.email, c.phone from ${clientContacts} cc
          join ${contacts} c on c.id = cc.contact_id
          where cc.client_id = "clients"."id"
          order by c.name limit 2
        ) c
      ), '[]'::json)`,
    })
    .from(clients)
    .where(clientFilters(query))
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const listed = await pageOf(rows, query.page, () => countClients(query));
  return {
    ...listed,
    rows: listed.rows.map(({ logoKey, logoWidth, logoHeight, ...row }) => ({
      ...row,
      logo: logoKey && logoWidth && logoHeight ? imageSources(logoKey, logoWidth, logoHeight) : null,
    })),
  };
}

async function countClients(query: { q: string; industry: string }): Promise<number> {
  const [row] = await db().select({ n: count() }).from(clients).where(clientFilters(query));
  return row?.n ?? 0;
}

/** Everything the edit form shows, or null when the client does not exist. */
export async function getClientForEdit(id: string) {
  const [client] = await db().select().from(clients).where(eq(clients.id, id));
  if (!client) return null;
  const links = await db()
    .select({ contactId: clientContacts.contactId })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, id));
  return {
    id: client.id,
    name: client.name,
    industryType: client.industryType,
    location: client.location,
    website: client.website,
    notes: client.notes,
    logo:
      client.logoKey && client.logoWidth && client.logoHeight
        ? imageSources(client.logoKey, client.logoWidth, client.logoHeight)
        : null,
    contactIds: links.map((link) => link.contactId),
    version: client.updatedAt.toISOString(),
  };
}

/** Id and name of every client, for selects. */
export async function listClientNames() {
  return db().select({ id: clients.id, name: clients.name }).from(clients).orderBy(asc(clients.name));
}

/**
 * Creates (no id) or updates a client: the row, its logo and its contact links
 * in one transaction. A replaced or removed logo's files go after the commit.
 */
export async function saveClient(input: {
  id?: string;
  values: ClientFormValues;
  userId: string;
}): Promise<{ id: string }> {
  const { values } = input;
  const fields = columnValues(CLIENT_FIELDS, values);
  try {
    const { id, discard } = await db().transaction(async (tx) => {
      await withActor(tx);
      let logo: { logoKey: string | null; logoWidth: number | null; logoHeight: number | null } | undefined;
      if (values.logoUploadId) {
        const upload = await claimUpload(tx, values.logoUploadId, "client-logo");
        logo = { logoKey: upload.key, logoWidth: upload.width, logoHeight: upload.height };
      } else if (values.removeLogo) {
        logo = { logoKey: null, logoWidth: null, logoHeight: null };
      }

      let clientId: string;
      let discard: { key: string; width: number } | null = null;
      if (input.id) {
        const [before] = await tx
          .select({ logoKey: clients.logoKey, logoWidth: clients.logoWidth })
          .from(clients)
          .where(eq(clients.id, input.id))
          .for("update");
        if (!before) throw new NotFoundError("This client no longer exists.");
        if (!values.version) throw new InvalidInputError("This form is out of date: reload the page.");
        await updateIfUnchanged(tx, clients, input.id, values.version, { ...fields, ...logo }, "client");
        if (logo && before.logoKey && before.logoWidth) discard = { key: before.logoKey, width: before.logoWidth };
        clientId = input.id;
      } else {
        const [created] = await tx
          .insert(clients)
          .values({ ...fields, ...logo, createdBy: input.userId })
          .returning({ id: clients.id });
        clientId = created!.id;
      }

      // The links are replaced as a whole, inside the same transaction.
      await tx.delete(clientContacts).where(eq(clientContacts.clientId, clientId));
      const contactIds = [...new Set(values.contactIds)];
      if (contactIds.length) {
        const found = await tx.select({ id: contacts.id }).from(contacts).where(inArray(contacts.id, contactIds));
        if (found.length !== contactIds.length) {
          throw new InvalidInputError(
            "A linked contact no longer exists: reload the page and pick again.",
            "contactIds",
          );
        }
        await tx.insert(clientContacts).values(contactIds.map((contactId) => ({ clientId, contactId })));
      }
      return { id: clientId, discard };
    });
    if (discard) await discardStoredImage(discard.key, discard.width);
    return { id };
  } catch (error) {
    if (isForeignKeyViolation(error, "clients_industry_type_industry_types_name_fk")) {
      throw new InvalidInputError("That industry type no longer exists: pick another.", "industryType");
    }
    throw error;
  }
}

/** Deletes a client without projects (its contacts go with it). */
export async function deleteClient(id: string): Promise<{ name: string }> {
  const deleted = await db().transaction(async (tx) => {
    await withActor(tx);
    const [client] = await tx
      .select({ name: clients.name, logoKey: clients.logoKey, logoWidth: clients.logoWidth })
      .from(clients)
      .where(eq(clients.id, id))
      .for("update");
    if (!client) throw new NotFoundError("This client no longer exists.");
    const [usage] = await tx.select({ n: count() }).from(projects).where(eq(projects.clientId, id));
    const n = usage?.n ?? 0;
    if (n > 0) {
      throw new InUseError(
        `"${client.name}" has ${n} ${n === 1 ? "project" : "projects"}. Delete ${n === 1 ? "it" : "them"} or move ${n === 1 ? "it" : "them"} to another client first.`,
      );
    }
    try {
      await tx.delete(clients).where(eq(clients.id, id));
    } catch (error) {
      // A project added meanwhile still references it.
      if (isForeignKeyViolation(error))
        throw new InUseError(`"${client.name}" has projects. Delete or move them first.`);
      throw error;
    }
    return client;
  });
  if (deleted.logoKey && deleted.logoWidth) await discardStoredImage(deleted.logoKey, deleted.logoWidth);
  return { name: deleted.name };
}
