import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { FilterSelect } from "~/components/list-filters";
import { useListDelete } from "~/components/list-delete";
import { ListScreen } from "~/components/list-screen";
import { ListTable } from "~/components/list-table";
import { RowActions } from "~/components/row-actions";
import { deleteClient } from "~/domain/clients/clients.server";
import { ResponsiveImage } from "~/domain/media/components/responsive-image";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { Badge } from "~/ui/badge";
import { TableCell, TableHead } from "~/ui/table";
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

/** A row as the loader answers it. */
type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

// The clients list: logo, name and industry, the first two contacts, location,
// contact count and a row menu. A row opens the client's form.
function ContactInfo({ row }: { row: Row }) {
  if (row.contactCount === 0) return <span className="text-muted-foreground">No contacts</span>;
  return (
    <ul className="grid gap-1.5">
      {row.contacts.map((contact) => (
        <li key={contact.id} className="text-sm leading-tight">
          <span className="font-medium">{contact.name}</span>
          {contact.email ? <span className="block text-muted-foreground">{contact.email}</span> : null}
          {contact.phone ? <span className="block text-muted-foreground">{contact.phone}</span> : null}
        </li>
      ))}
      {row.contactCount > 2 ? <li className="text-xs text-muted-foreground">+{row.contactCount - 2} more</li> : null}
    </ul>
  );
}

function ClientsTable({ rows }: { rows: Row[] }) {
  const remove = useListDelete<Row>({
    name: (row) => row.name,
    description:
      "This action cannot be undone. The client and its contacts will be permanently deleted. A client that still has projects cannot be deleted.",
  });
  return (
    <>
      <ListTable
        rows={rows}
        loading="Loading clients..."
        empty="No clients found. Add your first client to get started."
        columns={
          <>
            <TableHead>Client</TableHead>
            <TableHead className="hidden md:table-cell">Contact Info</TableHead>
            <TableHead className="hidden lg:table-cell">Location</TableHead>
            <TableHead>Contacts</TableHead>
          </>
        }
        href={(row) => `/admin/clients/${row.id}/edit`}
        cells={(row) => (
          <>
            <TableCell>
              <div className="flex items-center gap-3">
                <div className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-md border bg-muted">
                  {row.logo ? (
                    <ResponsiveImage image={row.logo} alt="" sizes="40px" fit="contain" className="size-full" />
                  ) : (
                    <Building2 aria-hidden="true" className="size-5 text-muted-foreground" />
                  )}
                </div>
                <div className="grid gap-1">
                  <Link to={`/admin/clients/${row.id}/edit`} className="font-medium hover:underline">
                    {row.name}
                  </Link>
                  {row.industryType ? <Badge variant="secondary">{row.industryType}</Badge> : null}
                </div>
              </div>
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <ContactInfo row={row} />
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              {row.location ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell>{row.contactCount}</TableCell>
          </>
        )}
        actions={(row) => (
          <RowActions name={row.name} editHref={`/admin/clients/${row.id}/edit`} onDelete={() => remove.ask(row)} />
        )}
      />
      {remove.dialog}
    </>
  );
}
