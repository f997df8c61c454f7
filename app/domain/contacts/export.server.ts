// Contacts as CSV (/admin/contacts/export): the list's search, all its rows, newest first.
import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { contactFilters } from "./contacts.server";

const { clients, contacts } = schema;

function readContacts(q: string, limit: number, offset: number) {
  return db()
    .select({ name: contacts.name, email: contacts.email, phone: contacts.phone, client: clients.name })
    .from(contacts)
    .innerJoin(clients, eq(clients.id, contacts.clientId))
    .where(contactFilters(q))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof readContacts>>[number];

export const CONTACT_CSV: CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Email", value: (r) => r.email },
  { header: "Phone", value: (r) => r.phone },
  { header: "Client", value: (r) => r.client },
];

export function exportContacts(q: string) {
  return inChunks((limit, offset) => readContacts(q, limit, offset));
}

/** Export everything's contacts: all of them. */
export const CONTACTS_FILE: ExportFile = {
  name: "contacts.csv",
  body: () => csvStream(CONTACT_CSV, exportContacts("")),
};
