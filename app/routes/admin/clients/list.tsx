import { deleteAction } from "~/routes/shared/delete-action.server";
import { FilterSelect } from "~/components/list-filters";
import { ListScreen } from "~/components/list-screen";
import { deleteClient } from "~/domain/clients/clients.server";
import { ClientsTable } from "~/domain/clients/components/clients-table";
import type { Route } from "./+types/list";
import { loadClientList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Clients · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadClientList(request);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteClient, { done: "Client deleted", failed: "Error deleting client" });
}

export default function ClientsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, industry, industryTypes } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/clients/export"
      importable
      title="Clients"
      description="Manage your clients and their contacts"
      newItem={{ to: "/admin/clients/new", label: "Add Client" }}
      search={{ q, label: "Search clients", placeholder: "Search clients..." }}
      filters={
        <FilterSelect
          name="industry"
          label="Filter by industry type"
          value={industry}
          all="All Categories"
          options={industryTypes}
          className="w-full sm:w-56"
        />
      }
      list={list}
      noun="clients"
    >
      <ClientsTable rows={list.rows} />
    </ListScreen>
  );
}
