import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { deleteClient, listClients } from "~/domain/clients/clients.server";
import { ClientsTable } from "~/domain/clients/components/clients-table";
import { clientListQuerySchema } from "~/domain/clients/schema";
import { listIndustryTypeNames } from "~/domain/industry-types/industry-types.server";
import { pageFromSearchParams } from "~/lib/pagination";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/native-select";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Clients · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const query = clientListQuerySchema.parse(Object.fromEntries(params));
  const [list, industryTypes] = await Promise.all([
    listClients({ ...query, page: pageFromSearchParams(params) }),
    listIndustryTypeNames(),
  ]);
  return { ...query, list, industryTypes };
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteClient, { done: "Client deleted", failed: "Error deleting client" });
}

export default function ClientsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, industry, industryTypes } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Clients" description="Manage your clients and their contacts">
        <Button asChild>
          <Link to="/admin/clients/new">
            <Plus aria-hidden="true" />
            Add Client
          </Link>
        </Button>
      </PageHeader>
      <ListFilters q={q} searchLabel="Search clients" placeholder="Search clients...">
        <NativeSelect
          name="industry"
          defaultValue={industry}
          aria-label="Filter by industry type"
          className="w-full sm:w-56"
        >
          <option value="">All Categories</option>
          {industryTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </NativeSelect>
      </ListFilters>
      <ClientsTable rows={list.rows} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="clients" />
    </div>
  );
}
