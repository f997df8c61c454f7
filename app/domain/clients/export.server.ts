// Clients as CSV (/admin/clients/export): the list's search and filter, all
// its rows, in its order, with each client's linked contacts.
import { asc, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { clientFilters } from "./clients.server";

const { clients, clientContacts, contacts } = schema;

function readClients(query: { q: string; industry: string }, limit: number, offset: number) {
  // The page first, then each of its clients' contacts: the contacts of the rows an offset skips are never read.
  const page = db()
    .select({
      id: clients.id,
      name: clients.name,
      industryType: clients.industryType,
      location: clients.location,
      website: clients.website,
      notes: clients.notes,
    })
    .from(clients)
    .where(clientFilters(query))
    .orderBy(asc(clients.name), asc(clients.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  return db()
    .select({
      name: page.name,
      industryType: page.industryType,
      location: page.location,
      website: page.website,
      notes: page.notes,
      contacts: sql<string | null>`(select string_agg(c.name, '; ' order by c.name) from ${clientContacts} cc
        join ${contacts} c on c.id = cc.contact_id where cc.client_id = "page"."id")`,
    })
    .from(page)
    .orderBy(asc(page.name), asc(page.id));
}

type Row = Awaited<ReturnType<typeof readClients>>[number];

export const CLIENT_CSV: CsvColumn<Row>[] = [
  { header: "Client Name", value: (r) => r.name },
  { header: "Industry Type", value: (r) => r.industryType },
  { header: "Location", value: (r) => r.location },
  { header: "Website", value: (r) => r.website },
  { header: "Notes", value: (r) => r.notes },
  { header: "Linked Contacts", value: (r) => r.contacts },
];

export function exportClients(query: { q: string; industry: string }) {
  return inChunks((limit, offset) => readClients(query, limit, offset));
}

/** Export everything's clients: all of them. */
export const CLIENTS_FILE: ExportFile = {
  name: "clients.csv",
  body: () => csvStream(CLIENT_CSV, exportClients({ q: "", industry: "" })),
};
