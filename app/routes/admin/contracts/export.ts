// GET /admin/contracts/export: the contracts list as CSV, with its search and status filter.
import { CONTRACT_CSV, exportContracts } from "~/domain/contracts/export.server";
import { contractListQuerySchema } from "~/domain/contracts/schema";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "contracts",
    query: contractListQuerySchema,
    columns: CONTRACT_CSV,
    rows: exportContracts,
  });
}
