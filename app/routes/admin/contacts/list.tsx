import { Link } from "react-router";
import { useListDelete } from "~/components/list-delete";
import { ListScreen } from "~/components/list-screen";
import { ListTable } from "~/components/list-table";
import { RowActions } from "~/components/row-actions";
import { deleteContact } from "~/domain/contacts/contacts.server";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { Badge } from "~/ui/badge";
import { TableCell, TableHead } from "~/ui/table";
import type { Route } from "./+types/list";
import { loadContactList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Contacts · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadContactList(request);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteContact, { done: "Contact deleted", failed: "Error deleting contact" });
}

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { list, q } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/contacts/export"
      importable
      title="Contacts"
      description="The people you work with at each client"
      newItem={{ to: "/admin/contacts/new", label: "Add Contact" }}
      search={{ q, label: "Search contacts", placeholder: "Search contacts..." }}
      list={list}
      noun="contacts"
    >
      <ContactsTable rows={list.rows} />
    </ListScreen>
  );
}

/** A row as the loader answers it. */
type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

// The contacts list: name, client with its industry, email and phone, portal access.
function ContactsTable({ rows }: { rows: Row[] }) {
  const remove = useListDelete<Row>({
    name: (row) => row.name,
    description:
      "This action cannot be undone. The contact will be permanently deleted and unlinked from every client.",
  });
  return (
    <>
      <ListTable
        rows={rows}
        loading="Loading contacts..."
        empty="No contacts found. Add your first contact to get started."
        columns={
          <>
            <TableHead>Contact</TableHead>
            <TableHead>Client</TableHead>
            <TableHead className="hidden md:table-cell">Contact Info</TableHead>
            <TableHead>Status</TableHead>
          </>
        }
        href={(row) => `/admin/contacts/${row.id}/edit`}
        cells={(row) => (
          <>
            <TableCell>
              <Link to={`/admin/contacts/${row.id}/edit`} className="font-medium hover:underline">
                {row.name}
              </Link>
            </TableCell>
            <TableCell>
              <div className="grid gap-1">
                <span>{row.client.name}</span>
                {row.client.industryType ? <Badge variant="secondary">{row.client.industryType}</Badge> : null}
              </div>
            </TableCell>
            <TableCell className="hidden md:table-cell">
              <div className="grid text-sm">
                {row.email ? <span>{row.email}</span> : null}
                {row.phone ? <span className="text-muted-foreground">{row.phone}</span> : null}
                {!row.email && !row.phone ? <span className="text-muted-foreground">—</span> : null}
              </div>
            </TableCell>
            <TableCell>{row.hasPortalAccess ? <Badge variant="success">Portal Access</Badge> : null}</TableCell>
          </>
        )}
        actions={(row) => (
          <RowActions name={row.name} editHref={`/admin/contacts/${row.id}/edit`} onDelete={() => remove.ask(row)} />
        )}
      />
      {remove.dialog}
    </>
  );
}
