// The proposals list: its search, status and client filters, and the clients to filter by.
import { listClientNames } from "~/domain/clients/clients.server";
import { localToday } from "~/domain/contracts/rules";
import { proposalListQuerySchema } from "~/domain/proposals/forms";
import { listProposals } from "~/domain/proposals/proposals.server";
import { loadListPage } from "~/routes/shared/list-page.server";

export async function loadProposalList(request: Request) {
  const today = localToday();
  const [page, clients] = await Promise.all([
    loadListPage(request, proposalListQuerySchema, (query) => listProposals(query, today)),
    listClientNames(),
  ]);
  return { ...page, clients: clients.map((client) => ({ value: client.id, label: client.name })) };
}
