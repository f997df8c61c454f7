import { StatusFilter } from "~/components/list-filters";
import { ListScreen } from "~/components/list-screen";
import { ContractCards } from "~/domain/contracts/components/contract-cards";
import { deleteContract, listContracts } from "~/domain/contracts/contracts.server";
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, contractListQuerySchema } from "~/domain/contracts/schema";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { loadListPage } from "~/routes/shared/list-page.server";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Contracts · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadListPage(request, contractListQuerySchema, listContracts);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteContract, { done: "Contract deleted", failed: "Error deleting contract" });
}

export default function ContractsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/contracts/export"
      title="Contracts"
      description="Manage project contracts and signatures"
      newItem={{ to: "/admin/contracts/new", label: "New Contract" }}
      search={{ q, label: "Search contracts", placeholder: "Search by project or client..." }}
      filters={
        <StatusFilter value={status} all="All statuses" statuses={CONTRACT_STATUSES} labels={CONTRACT_STATUS_LABELS} />
      }
      list={list}
      noun="contracts"
    >
      <ContractCards rows={list.rows} />
    </ListScreen>
  );
}
