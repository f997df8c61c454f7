// GET /admin/proposals/lines/export: the lines of the listed proposals' latest versions as CSV, with the list's search and filters.
import { exportProposalLines, PROPOSAL_LINE_CSV } from "~/domain/proposals/export.server";
import { localToday } from "~/domain/contracts/rules";
import { proposalListQuerySchema } from "~/domain/proposals/forms";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/lines-export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "proposal-lines",
    query: proposalListQuerySchema,
    columns: PROPOSAL_LINE_CSV,
    rows: (query) => exportProposalLines(query, localToday()),
  });
}
