// The contacts list: name, client with its industry, email and phone, portal access.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import { EmptyState } from "~/components/empty-state";
import { ListLoading, useListReloading } from "~/components/list-loading";
import { RowActions } from "~/components/row-actions";
import { Badge } from "~/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";

export interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  hasPortalAccess: boolean;
  client: { id: string; name: string; industryType: string | null };
}

export function ContactsTable({ rows }: { rows: ContactRow[] }) {
  const navigate = useNavigate();
  const reloading = useListReloading();
  const [deleting, setDeleting] = useState<ContactRow | null>(null);

  if (reloading) return <ListLoading text="Loading contacts..." />;
  if (rows.length === 0) {
    return <EmptyState>No contacts found. Add your first contact to get started.</EmptyState>;
  }
  return (
    <>
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Contact</TableHead>
              <TableHead>Client</TableHead>
              <TableHead className="hidden md:table-cell">Contact Info</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="w-12">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.id}
                className="cursor-pointer"
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a, button, [role=menuitem]")) return;
                  navigate(`/admin/contacts/${row.id}/edit`);
                }}
              >
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
                <TableCell>
                  <RowActions
                    name={row.name}
                    editHref={`/admin/contacts/${row.id}/edit`}
                    onDelete={() => setDeleting(row)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete "${deleting?.name ?? ""}"?`}
        description="This action cannot be undone. The contact will be permanently deleted and unlinked from every client."
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
      />
    </>
  );
}
