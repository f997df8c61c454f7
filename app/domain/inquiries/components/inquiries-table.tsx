// The Inquiries list: when, who, from which project or gallery, its owner, and
// its stage with the next action's date.
// The name opens the inquiry.
import { Link } from "react-router";
import { EmptyState } from "~/components/empty-state";
import { ListLoading, useListReloading } from "~/components/list-loading";
import { numericDate } from "~/lib/format";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/ui/table";
import type { InquiryListRow } from "../inquiries.server";
import { InquiryStatusBadge } from "./inquiry-status-badge";

/** A row of the list, its time received as ISO text (the loader's). */
export type InquiryRow = Omit<InquiryListRow, "createdAt"> & { received: string };

export function InquiriesTable({ rows }: { rows: InquiryRow[] }) {
  const reloading = useListReloading();
  if (reloading) return <ListLoading text="Loading inquiries..." />;
  if (rows.length === 0) {
    return <EmptyState>No inquiries found. Requests from project and gallery pages appear here.</EmptyState>;
  }
  return (
    <div className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>From</TableHead>
            <TableHead className="hidden md:table-cell">About</TableHead>
            <TableHead className="hidden sm:table-cell">Received</TableHead>
            <TableHead className="hidden lg:table-cell">Owner</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell className="whitespace-normal">
                <Link to={`/admin/inquiries/${row.id}`} className="font-medium underline-offset-4 hover:underline">
                  {row.name}
                </Link>
                <span className="block text-sm text-muted-foreground">{row.organisation}</span>
                <span className="block text-sm break-all text-muted-foreground">{row.email}</span>
                {/* On a phone the About column is hidden: where it came from goes under the name. */}
                {row.sourceTitle ? <span className="block text-sm md:hidden">About: {row.sourceTitle}</span> : null}
              </TableCell>
              <TableCell className="hidden md:table-cell">
                {row.projectId ? (
                  <Link to={`/admin/projects/${row.projectId}/edit`} className="underline-offset-4 hover:underline">
                    {row.sourceTitle}
                  </Link>
                ) : (
                  (row.sourceTitle ?? <span className="text-muted-foreground">—</span>)
                )}
              </TableCell>
              <TableCell className="hidden sm:table-cell">{numericDate(row.received)}</TableCell>
              <TableCell className="hidden lg:table-cell">
                {row.ownerName ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              <TableCell>
                <InquiryStatusBadge status={row.status} />
                {row.nextActionOn ? (
                  <span className="block pt-1 text-xs whitespace-nowrap text-muted-foreground">
                    Next: {numericDate(row.nextActionOn)}
                  </span>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
