// GET /admin/contacts/export: the contacts list as CSV, with its search.
import { z } from "zod";
import { CONTACT_CSV, exportContacts } from "~/domain/contacts/export.server";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

const query = z.object({ q: z.string().trim().max(200).catch("") });

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, { name: "contacts", query, columns: CONTACT_CSV, rows: ({ q }) => exportContacts(q) });
}
