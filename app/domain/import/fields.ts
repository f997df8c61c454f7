// What a CSV import can fill, per kind of row: each field's label, the column
// headers it is guessed from (the exports' own headers first, so an exported
// file maps itself), and whether a row needs it. Shared with the browser (the
// mapping step's selects).
import type { ImportKind } from "~/tables/history";

export { IMPORT_KINDS, type ImportKind } from "~/tables/history";

export interface ImportField {
  key: string;
  label: string;
  /** Headers (lowercase, spaces and punctuation dropped) this field is guessed from. */
  headers: string[];
  required?: boolean;
}

export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  clients: "Clients (with their contacts)",
  contacts: "Contacts",
  projects: "Projects",
};

export const IMPORT_FIELDS: Record<ImportKind, ImportField[]> = {
  clients: [
    { key: "name", label: "Client Name", headers: ["clientname", "client", "name", "company"], required: true },
    { key: "industryType", label: "Industry Type", headers: ["industrytype", "industry", "sector"] },
    { key: "location", label: "Location", headers: ["location", "city", "address"] },
    { key: "website", label: "Website", headers: ["website", "web", "url", "site"] },
    { key: "notes", label: "Notes", headers: ["notes", "note", "comments"] },
    { key: "contactName", label: "Contact Name", headers: ["contactname", "contact"] },
    { key: "contactEmail", label: "Contact Email", headers: ["contactemail", "email", "emailaddress"] },
    { key: "contactPhone", label: "Contact Phone", headers: ["contactphone", "phone", "telephone"] },
  ],
  contacts: [
    { key: "name", label: "Name", headers: ["name", "contactname", "fullname"], required: true },
    { key: "email", label: "Email", headers: ["email", "emailaddress", "mail"] },
    { key: "phone", label: "Phone", headers: ["phone", "telephone", "mobile"] },
    { key: "client", label: "Client", headers: ["client", "clientname", "company"], required: true },
  ],
  projects: [
    { key: "title", label: "Project Title", headers: ["projecttitle", "title"], required: true },
    { key: "projectName", label: "Project Name", headers: ["projectname", "slug"] },
    { key: "status", label: "Status", headers: ["status"] },
    { key: "client", label: "Client", headers: ["client", "clientname"], required: true },
    { key: "endDate", label: "End Date", headers: ["enddate", "completed", "completiondate"] },
    { key: "description", label: "Description", headers: ["description"] },
  ],
};

const normalized = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The field each column is guessed to fill ("" for none): a header equal to
 * a field's label or one of its names; each field taken once, by the first
 * column that names it most exactly.
 */
export function guessMapping(kind: ImportKind, headers: string[]): string[] {
  const taken = new Set<string>();
  const mapping = headers.map(() => "");
  // Exact names first (a "Contact Email" column before a plain "Email" one), in the order of each field's list.
  for (let rank = 0; rank < 6; rank++) {
    headers.forEach((header, column) => {
      if (mapping[column]) return;
      const field = IMPORT_FIELDS[kind].find((f) => !taken.has(f.key) && f.headers[rank] === normalized(header));
      if (field) {
        mapping[column] = field.key;
        taken.add(field.key);
      }
    });
  }
  return mapping;
}

/** Whether a mapping names only this kind's fields, each at most once. */
export function mappingProblem(kind: ImportKind, mapping: string[]): string | null {
  const keys = IMPORT_FIELDS[kind].map((f) => f.key);
  const used = mapping.filter(Boolean);
  if (used.some((key) => !keys.includes(key))) return "Choose each column's field from the list.";
  const twice = used.find((key, i) => used.indexOf(key) !== i);
  if (twice) {
    const label = IMPORT_FIELDS[kind].find((f) => f.key === twice)!.label;
    return `Two columns are mapped to ${label}: choose one.`;
  }
  const missing = IMPORT_FIELDS[kind].filter((f) => f.required && !used.includes(f.key));
  if (missing.length) return `Map a column to ${missing.map((f) => f.label).join(" and ")}.`;
  return null;
}

/** An import as the import page lists it. */
export interface RecentImport {
  /** Its key in the history ("batch:<id>"), for the undo button. */
  key: string;
  fileName: string;
  kind: string;
  by: string;
  at: string;
  result: string;
  /** When it was undone, if it was. */
  undone: string | null;
  /** Older than the days an import can be undone for. */
  tooOld: boolean;
}
