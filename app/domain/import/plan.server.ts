// The preview of an import: every row read through the same zod fields the
// forms use (their messages, named by row and column), then matched against
// what exists (clients and industry types by name, contacts by email, projects
// by project name) to say what will be created and what updated. Only reads:
// nothing is written until the plan is carried out (run.server.ts).
import { sql } from "drizzle-orm";
import { z } from "zod";
import { db, schema } from "~/.server/db";
import { CLIENT_FIELDS } from "../clients/schema";
import { CONTACT_FIELDS } from "../contacts/schema";
import { PROJECT_FIELDS, PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "../projects/schema";
import { IMPORT_FIELDS, type ImportKind } from "./fields";
import type { CsvTable } from "./parse.server";

export interface RowError {
  /** The row as a spreadsheet numbers it (the header is row 1). */
  row: number;
  column: string;
  message: string;
}

type Values = Record<string, string | null>;

/** One record to write: `id` when it updates an existing one. */
export interface Planned {
  row: number;
  id: string | null;
  values: Values;
  /** The client (by its key: lowercase name) a contact or project belongs to. */
  client?: string;
}

export interface ImportPlan {
  kind: ImportKind;
  rows: number;
  errors: RowError[];
  newIndustryTypes: string[];
  /** Clients the rows name that do not exist yet (for contacts and projects), by name as first written. */
  newClients: string[];
  clients: Planned[];
  contacts: Planned[];
  projects: Planned[];
  /** Existing clients by key (lowercase name): their ids. */
  clientIds: Map<string, string>;
  /** The file's header of each mapped field, to name the column of an error. */
  columns: Record<string, string>;
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * A cell a spreadsheet would run as a formula (formula injection: "=cmd|…",
 * "@SUM(…)", "+cmd|…"). A leading apostrophe is the spreadsheet's own "this
 * is text" (the exports write it): such a cell is taken as text, without it.
 * A phone number such as "+44 113 496 0000" is not a formula.
 */
export function readCell(raw: string): { value: string } | { formula: true } {
  if (/^'[=+\-@\t\r]/.test(raw)) return { value: raw.slice(1) };
  const value = raw.trim();
  if (/^[=@]/.test(value) || (/^[+-]/.test(value) && /[|!]|[A-Za-z_]\w*\s*\(/.test(value))) return { formula: true };
  return { value };
}

const FORMULA =
  "Looks like a spreadsheet formula: remove it, or start the cell with an apostrophe (') to keep it as text";

const clientSchema = z.object({
  name: CLIENT_FIELDS.name,
  industryType: CLIENT_FIELDS.industryType,
  location: CLIENT_FIELDS.location,
  website: CLIENT_FIELDS.website,
  notes: CLIENT_FIELDS.notes,
});
const contactSchema = z.object({ name: CONTACT_FIELDS.name, email: CONTACT_FIELDS.email, phone: CONTACT_FIELDS.phone });
const projectSchema = z.object({
  title: PROJECT_FIELDS.title,
  projectName: PROJECT_FIELDS.projectName,
  status: PROJECT_FIELDS.status,
  endDate: PROJECT_FIELDS.endDate,
  description: PROJECT_FIELDS.description,
});
const CLIENT_REQUIRED = "Client is required";

/** A status as the list shows it ("In Progress") or as stored ("in_progress"); unknown text is left for the schema to refuse. */
function statusValue(text: string): string | undefined {
  if (!text) return undefined;
  const lower = text.toLowerCase();
  return PROJECT_STATUSES.find((s) => s === lower || PROJECT_STATUS_LABELS[s].toLowerCase() === lower) ?? text;
}

/** Empty text is an empty column. */
function stored(values: Record<string, unknown>): Values {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, v === undefined || v === null || v === "" ? null : String(v)]),
  );
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Reads the rows as `mapping` says (one field key, or "", per column) and plans the import. */
export async function planImport(kind: ImportKind, table: CsvTable, mapping: string[]): Promise<ImportPlan> {
  const fields = IMPORT_FIELDS[kind];
  const label = (field: string) => {
    const column = mapping.indexOf(field);
    return column >= 0 ? table.headers[column]! : fields.find((f) => f.key === field)!.label;
  };
  const errors: RowError[] = [];
  const parsed: { row: number; cells: Record<string, string> }[] = [];
  table.rows.forEach((cells, index) => {
    const row = index + 2;
    const record: Record<string, string> = {};
    let ok = true;
    mapping.forEach((field, column) => {
      if (!field) return;
      const cell = readCell(cells[column] ?? "");
      if ("formula" in cell) {
        errors.push({ row, column: table.headers[column]!, message: FORMULA });
        ok = false;
      } else record[field] = cell.value;
    });
    if (ok) parsed.push({ row, cells: record });
  });

  const check = <T extends z.ZodType>(schema: T, row: number, input: Record<string, unknown>) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data as z.output<T>;
    for (const issue of result.error.issues) {
      errors.push({ row, column: label(String(issue.path[0] ?? "")), message: issue.message });
    }
    return null;
  };

  const plan: ImportPlan = {
    kind,
    rows: table.rows.length,
    errors,
    newIndustryTypes: [],
    newClients: [],
    clients: [],
    contacts: [],
    projects: [],
    clientIds: new Map(),
    columns: Object.fromEntries(fields.map((f) => [f.key, label(f.key)])),
  };
  const wantedClients = new Map<string, string>();
  const wantedTypes = new Map<string, string>();

  let count = 0;
  for (const { row, cells } of parsed) {
    // Validating 10,000 rows takes a while: let other requests' work run in between.
    if (++count % 500 === 0) await yieldToOthers();
    if (kind === "clients") {
      const client = check(clientSchema, row, cells);
      const hasContact = Boolean(cells.contactName || cells.contactEmail || cells.contactPhone);
      const contact = hasContact
        ? check(
            z.object({
              contactName: contactSchema.shape.name,
              contactEmail: contactSchema.shape.email,
              contactPhone: contactSchema.shape.phone,
            }),
            row,
            { contactName: cells.contactName, contactEmail: cells.contactEmail, contactPhone: cells.contactPhone },
          )
        : null;
      if (!client) continue;
      const clientKey = key(client.name);
      if (!wantedClients.has(clientKey)) {
        plan.clients.push({ row, id: null, client: clientKey, values: stored(client) });
        wantedClients.set(clientKey, client.name);
      }
      // A type is created as first spelled; the rows spelling it otherwise name the same one.
      if (client.industryType && !wantedTypes.has(key(client.industryType))) {
        wantedTypes.set(key(client.industryType), client.industryType);
      }
      if (contact) {
        plan.contacts.push({
          row,
          id: null,
          client: clientKey,
          values: stored({ name: contact.contactName, email: contact.contactEmail, phone: contact.contactPhone }),
        });
      }
    } else if (kind === "contacts") {
      const contact = check(contactSchema, row, cells);
      if (!cells.client) errors.push({ row, column: label("client"), message: CLIENT_REQUIRED });
      if (!contact || !cells.client) continue;
      plan.contacts.push({ row, id: null, client: key(cells.client), values: stored(contact) });
      wantedClients.set(key(cells.client), wantedClients.get(key(cells.client)) ?? cells.client);
    } else {
      const project = check(projectSchema, row, { ...cells, status: statusValue(cells.status ?? "") });
      if (!cells.client) errors.push({ row, column: label("client"), message: CLIENT_REQUIRED });
      if (!project || !cells.client) continue;
      plan.projects.push({ row, id: null, client: key(cells.client), values: stored(project) });
      wantedClients.set(key(cells.client), wantedClients.get(key(cells.client)) ?? cells.client);
    }
  }

  await matchExisting(plan, wantedClients, wantedTypes);
  errors.sort((a, b) => a.row - b.row);
  return plan;
}

/** Pairs of (key, id) for the existing rows whose key is in `keys`. */
async function existing(query: (list: string) => ReturnType<typeof sql>, keys: string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  // A thousand keys a statement: other requests' statements run in between.
  for (let i = 0; i < keys.length; i += 1000) {
    const list = JSON.stringify(keys.slice(i, i + 1000));
    const { rows } = await db().execute<{ key: string; id: string }>(query(list));
    for (const row of rows) if (!found.has(row.key)) found.set(row.key, row.id);
  }
  return found;
}

const keysOf = (list: string) => sql`(select jsonb_array_elements_text(${list}::jsonb))`;

async function matchExisting(plan: ImportPlan, wantedClients: Map<string, string>, wantedTypes: Map<string, string>) {
  const { clients, contacts, industryTypes, projects } = schema;
  // Clients by name (two with one name: the oldest), types by name, contacts by email, projects by project name.
  plan.clientIds = await existing(
    (list) => sql`select lower(btrim(${clients.name})) as key, ${clients.id}::text as id from ${clients}
      where lower(btrim(${clients.name})) in ${keysOf(list)} order by ${clients.createdAt}, ${clients.id}`,
    [...wantedClients.keys()],
  );
  const types = await existing(
    (list) => sql`select lower(${industryTypes.name}) as key, ${industryTypes.name} as id from ${industryTypes}
      where lower(${industryTypes.name}) in ${keysOf(list)}`,
    [...wantedTypes.keys()],
  );
  plan.newIndustryTypes = [...wantedTypes].filter(([k]) => !types.has(k)).map(([, name]) => name);
  // A client's type is written as the type is spelled (the column refers to its name).
  for (const client of plan.clients) {
    const type = client.values.industryType;
    if (type) client.values.industryType = types.get(key(type)) ?? wantedTypes.get(key(type))!;
  }
  for (const client of plan.clients) client.id = plan.clientIds.get(client.client!) ?? null;
  if (plan.kind !== "clients") {
    plan.newClients = [...wantedClients].filter(([k]) => !plan.clientIds.has(k)).map(([, name]) => name);
  }

  const emails = plan.contacts.map((c) => c.values.email).filter((e): e is string => Boolean(e));
  const byEmail = await existing(
    (list) => sql`select lower(${contacts.email}) as key, ${contacts.id}::text as id from ${contacts}
      where lower(${contacts.email}) in ${keysOf(list)} order by ${contacts.createdAt}`,
    [...new Set(emails)],
  );
  // Without an email: the contact of that name at that client.
  const unnamed = plan.contacts.filter((c) => !c.values.email && plan.clientIds.has(c.client!));
  const byName = await existing(
    (list) => sql`select ${contacts.clientId}::text || '/' || lower(${contacts.name}) as key, ${contacts.id}::text as id
      from ${contacts} where ${contacts.clientId}::text || '/' || lower(${contacts.name}) in ${keysOf(list)}`,
    unnamed.map((c) => `${plan.clientIds.get(c.client!)}/${key(c.values.name!)}`),
  );
  const seenEmails = new Map<string, number>();
  for (const contact of plan.contacts) {
    const email = contact.values.email;
    if (email) {
      const first = seenEmails.get(email);
      if (first !== undefined) {
        plan.errors.push({
          row: contact.row,
          column: plan.columns[plan.kind === "clients" ? "contactEmail" : "email"]!,
          message: `This email is also on row ${first}: keep one of the two rows.`,
        });
        continue;
      }
      seenEmails.set(email, contact.row);
      contact.id = byEmail.get(email) ?? null;
    } else {
      const clientId = plan.clientIds.get(contact.client!);
      contact.id = clientId ? (byName.get(`${clientId}/${key(contact.values.name!)}`) ?? null) : null;
    }
  }

  // A contact with portal access keeps its address (the database refuses otherwise): said by row, before the write.
  const blanked = plan.contacts.filter((c) => c.id && !c.values.email);
  if (blanked.length) {
    const { rows } = await db().execute<{ id: string }>(
      sql`select ${contacts.id}::text as id from ${contacts} where ${contacts.userId} is not null
        and ${contacts.id}::text in ${keysOf(JSON.stringify(blanked.map((c) => c.id)))}`,
    );
    const portal = new Set(rows.map((r) => r.id));
    for (const contact of blanked.filter((c) => portal.has(c.id!))) {
      plan.errors.push({
        row: contact.row,
        column: plan.columns[plan.kind === "clients" ? "contactEmail" : "email"]!,
        message: `${contact.values.name} has access to the client portal: keep their email address, or remove their access first.`,
      });
    }
  }

  const names = plan.projects.map((p) => p.values.projectName).filter((n): n is string => Boolean(n));
  const byProjectName = await existing(
    (list) => sql`select ${projects.projectName} as key, ${projects.id}::text as id from ${projects}
      where ${projects.projectName} in ${keysOf(list)}`,
    [...new Set(names)],
  );
  const seenNames = new Map<string, number>();
  for (const project of plan.projects) {
    const name = project.values.projectName;
    if (!name) continue;
    const first = seenNames.get(name);
    if (first !== undefined) {
      plan.errors.push({
        row: project.row,
        column: plan.columns.projectName!,
        message: `This project name is also on row ${first}: keep one of the two rows.`,
      });
      continue;
    }
    seenNames.set(name, project.row);
    project.id = byProjectName.get(name) ?? null;
  }
}

/** What the preview shows: counts and names, no rows. */
export function planSummary(plan: ImportPlan) {
  const records = [...plan.clients, ...plan.contacts, ...plan.projects];
  const main = plan.kind === "clients" ? plan.clients : plan.kind === "contacts" ? plan.contacts : plan.projects;
  return {
    kind: plan.kind,
    rows: plan.rows,
    errors: plan.errors.slice(0, 200),
    errorCount: plan.errors.length,
    creates: main.filter((r) => !r.id).length,
    updates: main.filter((r) => r.id).length,
    contacts: plan.kind === "clients" ? plan.contacts.length : 0,
    newIndustryTypes: plan.newIndustryTypes,
    newClients: plan.newClients,
    records: records.length,
  };
}

export type PlanSummary = ReturnType<typeof planSummary>;
