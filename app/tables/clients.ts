// Industry types, clients, contacts and the client ↔ contact links.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, id, timestamps } from "./columns";
import { declareParts, declareRecords } from "./declare";

export const industryTypes = pgTable(
  "industry_types",
  {
    id: id(),
    name: text("name").notNull().unique(),
    description: text("description"),
    ...timestamps(),
  },
  (t) => [check("industry_types_name_check", sql`${t.name} = btrim(${t.name}) and ${t.name} <> ''`)],
);

export const industryTypesDeclaration = declareRecords(industryTypes, {
  kind: "industry-type",
  noun: "industry type",
  plural: "Industry types",
  page: "routes/admin/settings/industry-types",
  path: "/admin/settings/industry-types",
  label: industryTypes.name,
  public: true,
});

export const clients = pgTable(
  "clients",
  {
    id: id(),
    name: text("name").notNull(),
    // The type's name, as the spec stores it; renaming a type renames it here.
    industryType: text("industry_type").references(() => industryTypes.name, {
      onUpdate: "cascade",
      onDelete: "set null",
    }),
    logoKey: text("logo_key"),
    logoWidth: integer("logo_width"),
    logoHeight: integer("logo_height"),
    location: text("location"),
    website: text("website"),
    notes: text("notes"),
    createdBy: uuid("created_by").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("clients_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`),
    index("clients_name_idx").on(t.name),
    index("clients_industry_type_idx").on(t.industryType),
  ],
);

export const clientsDeclaration = declareRecords(clients, {
  kind: "client",
  noun: "client",
  plural: "Clients",
  page: "routes/admin/clients/edit",
  path: "/admin/clients/:id/edit",
  label: clients.name,
  public: true,
});

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email"),
    phone: text("phone"),
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    // Presence means the contact has portal access: its own account (role
    // `client`), which sees this contact's client only.
    userId: uuid("user_id").references(() => user.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    check("contacts_name_check", sql`btrim(${t.name}) <> '' and char_length(${t.name}) <= 100`),
    // The portal signs in with a code mailed to this address: whatever writes the contact keeps one.
    check("contacts_portal_address_check", sql`${t.userId} is null or btrim(coalesce(${t.email}, '')) <> ''`),
    index("contacts_client_id_idx").on(t.clientId),
    index("contacts_name_idx").on(t.name),
    uniqueIndex("contacts_user_id_key").on(t.userId),
  ],
);

export const contactsDeclaration = declareRecords(contacts, {
  kind: "contact",
  noun: "contact",
  plural: "Contacts",
  page: "routes/admin/contacts/edit",
  path: "/admin/contacts/:id/edit",
  label: contacts.name,
  public: false,
});

export const clientContacts = pgTable(
  "client_contacts",
  {
    clientId: uuid("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.contactId] }), index("client_contacts_contact_id_idx").on(t.contactId)],
);

export const clientContactsDeclaration = declareParts(clientContacts, {
  of: [clientContacts.clientId],
  noun: "linked contact",
  names: clientContacts.contactId,
  public: false,
});
