import { FileText } from "lucide-react";
import { Link } from "react-router";
import { EmptyStateAction } from "~/components/empty-state-action";
import { FilterSelect, StatusFilter } from "~/components/list-filters";
import { useListDelete } from "~/components/list-delete";
import { ListScreen } from "~/components/list-screen";
import { ListTable } from "~/components/list-table";
import { NewItemLink } from "~/components/new-item-link";
import { RowActions } from "~/components/row-actions";
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { PROPOSAL_STATUS_LABELS, PROPOSAL_STATUSES } from "~/domain/proposals/forms";
import { formatMoney } from "~/domain/proposals/money";
import { deleteProposal } from "~/domain/proposals/proposals.server";
import { numericDate } from "~/lib/format";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { TableCell, TableHead } from "~/ui/table";
import type { Route } from "./+types/list";
import { loadProposalList } from "./list.server";

export const meta: Route.MetaFunction = () => [{ title: "Proposals · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadProposalList(request);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteProposal, { done: "Proposal deleted", failed: "Error deleting proposal" });
}

type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

export default function ProposalsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status, clientId, clients } = loaderData;
  const filtered = Boolean(q || status || clientId);
  return (
    <ListScreen
      title="Proposals"
      description="Priced designs for your clients, from draft to accepted"
      links={[{ to: "/admin/proposals/templates", label: "Templates" }]}
      exportTo="/admin/proposals/export"
      moreExports={[{ to: "/admin/proposals/lines/export", label: "Export lines CSV" }]}
      newItem={{ to: "/admin/proposals/new", label: "New Proposal" }}
      search={{ q, label: "Search proposals", placeholder: "Search by title or client..." }}
      filters={
        <>
          <StatusFilter
            value={status}
            all="All statuses"
            statuses={PROPOSAL_STATUSES}
            labels={PROPOSAL_STATUS_LABELS}
          />
          <FilterSelect name="clientId" label="Filter by client" value={clientId} all="All clients" options={clients} />
        </>
      }
      list={list}
      noun="proposals"
    >
      <ProposalsTable rows={list.rows} filtered={filtered} />
    </ListScreen>
  );
}

function ProposalsTable({ rows, filtered }: { rows: Row[]; filtered: boolean }) {
  const remove = useListDelete<Row>({
    name: (row) => row.title,
    description: "This action cannot be undone. The draft proposal and its versions will be deleted.",
  });
  return (
    <>
      <ListTable
        rows={rows}
        loading="Loading proposals..."
        empty={
          filtered ? (
            "No proposals match these filters."
          ) : (
            <EmptyStateAction
              icon={FileText}
              action={<NewItemLink to="/admin/proposals/new">New Proposal</NewItemLink>}
            >
              No proposals yet. Create one from scratch, from a template, or from an inquiry.
            </EmptyStateAction>
          )
        }
        columns={
          <>
            <TableHead>Proposal</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="hidden md:table-cell">Version</TableHead>
            <TableHead className="hidden lg:table-cell">Valid until</TableHead>
            <TableHead className="hidden lg:table-cell">Updated</TableHead>
            <TableHead className="text-right">Total</TableHead>
          </>
        }
        href={(row) => `/admin/proposals/${row.id}`}
        cells={(row) => (
          <>
            <TableCell>
              <Link to={`/admin/proposals/${row.id}`} className="font-medium hover:underline">
                {row.title}
              </Link>
              <span className="block text-sm text-muted-foreground">
                {row.clientName}
                {row.projectTitle ? ` · ${row.projectTitle}` : ""}
              </span>
            </TableCell>
            <TableCell>
              <ProposalStatusBadge status={row.status} />
            </TableCell>
            <TableCell className="hidden md:table-cell">
              {row.version ? `v${row.version}${row.sent ? "" : " (draft)"}` : "—"}
            </TableCell>
            <TableCell className="hidden lg:table-cell">{numericDate(row.validUntil) ?? "—"}</TableCell>
            <TableCell className="hidden lg:table-cell">
              {numericDate(row.updatedAt.toISOString().slice(0, 10))}
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {row.currency && row.locale && row.amount !== null
                ? formatMoney(row.amount, { currency: row.currency, locale: row.locale })
                : "—"}
            </TableCell>
          </>
        )}
        actions={(row) => (
          <RowActions name={row.title} editHref={`/admin/proposals/${row.id}/edit`} onDelete={() => remove.ask(row)} />
        )}
      />
      {remove.dialog}
    </>
  );
}
