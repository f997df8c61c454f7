// GET /admin/clients/export: the clients list as CSV, with its search and filter.
import { CLIENT_CSV, exportClients } from "~/domain/clients/export.server";
import { clientListQuerySchema } from "~/domain/clients/schema";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "clients",
    query: clientListQuerySchema,
    columns: CLIENT_CSV,
    rows: exportClients,
  });
}
