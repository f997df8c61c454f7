// The contacts list: name, client with its industry, email and phone, portal access.
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import { ListTable } from "~/components/list-table";
import { RowActions } from "~/components/row-actions";
import { Badge } from "~/ui/badge";
import { TableCell, TableHead } from "~/ui/table";

export interface ContactRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  hasPortalAccess: boolean;
  client: { id: string; name: string; industryType: string | null };
}

export function ContactsTable({ rows }: { rows: ContactRow[] }) {
  const [deleting, setDeleting] = useState<ContactRow | null>(null);
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
          <RowActions name={row.name} editHref={`/admin/contacts/${row.id}/edit`} onDelete={() => setDeleting(row)} />
        )}
      />
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
