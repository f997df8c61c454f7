import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { ContractCards } from "~/domain/contracts/components/contract-cards";
import { deleteContract, listContracts } from "~/domain/contracts/contracts.server";
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, contractListQuerySchema } from "~/domain/contracts/schema";
import { pageFromSearchParams } from "~/lib/pagination";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/native-select";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Contracts · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const query = contractListQuerySchema.parse(Object.fromEntries(params));
  const list = await listContracts({ ...query, page: pageFromSearchParams(params) });
  return { ...query, list };
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteContract, { done: "Contract deleted", failed: "Error deleting contract" });
}

export default function ContractsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Contracts" description="Manage project contracts and signatures">
        <Button asChild>
          <Link to="/admin/contracts/new">
            <Plus aria-hidden="true" />
            New Contract
          </Link>
        </Button>
      </PageHeader>
      <ListFilters q={q} searchLabel="Search contracts" placeholder="Search by project or client...">
        <NativeSelect name="status" defaultValue={status} aria-label="Filter by status" className="w-full sm:w-48">
          <option value="">All statuses</option>
          {CONTRACT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {CONTRACT_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </ListFilters>
      <ContractCards rows={list.rows} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="contracts" />
    </div>
  );
}
