// GET /admin/proposals/export: the proposals list as CSV (a row per proposal at its latest version), with its search and filters.
import { exportProposals, PROPOSAL_CSV } from "~/domain/proposals/export.server";
import { localToday } from "~/domain/contracts/rules";
import { proposalListQuerySchema } from "~/domain/proposals/forms";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "proposals",
    query: proposalListQuerySchema,
    columns: PROPOSAL_CSV,
    rows: (query) => exportProposals(query, localToday()),
  });
}
