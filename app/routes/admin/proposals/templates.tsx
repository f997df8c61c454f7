// /admin/proposals/templates: the proposal templates (name, how many sections
// and lines, when each changed), each opening its page, with Delete (asks
// first). Templates are made by Save as template on a proposal's page.
import { LayoutTemplate } from "lucide-react";
import { Link } from "react-router";
import { EmptyStateAction } from "~/components/empty-state-action";
import { useListDelete } from "~/components/list-delete";
import { ListTable } from "~/components/list-table";
import { PageHeader } from "~/components/page-header";
import { RowActions } from "~/components/row-actions";
import { buttonVariants } from "~/ui/button";
import { TableCell, TableHead } from "~/ui/table";
import type { Route } from "./+types/templates";
import { loadTemplates, templatesAction } from "./templates.server";

export const meta: Route.MetaFunction = () => [{ title: "Proposal templates · Proposals · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadTemplates(request);
}

export function action({ request }: Route.ActionArgs) {
  return templatesAction(request);
}

type Row = Route.ComponentProps["loaderData"]["templates"][number];

export default function TemplatesPage({ loaderData }: Route.ComponentProps) {
  const remove = useListDelete<Row>({
    name: (row) => row.name,
    description: "This action cannot be undone. Proposals started from this template keep their content.",
  });
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader
        title="Proposal templates"
        description="Introductions, sections, lines and terms to start a new proposal from"
        back={{ to: "/admin/proposals", label: "Back to proposals" }}
      />
      <ListTable
        rows={loaderData.templates}
        loading="Loading templates..."
        empty={
          <EmptyStateAction
            icon={LayoutTemplate}
            action={
              <Link to="/admin/proposals" className={buttonVariants({ variant: "outline" })}>
                Open the proposals
              </Link>
            }
          >
            No proposal templates yet. Open a proposal and choose Save as template.
          </EmptyStateAction>
        }
        columns={
          <>
            <TableHead>Template</TableHead>
            <TableHead className="text-right">Sections</TableHead>
            <TableHead className="text-right">Lines</TableHead>
            <TableHead className="hidden md:table-cell">Updated</TableHead>
          </>
        }
        href={(row) => `/admin/proposals/templates/${row.id}`}
        cells={(row) => (
          <>
            <TableCell>
              <Link to={`/admin/proposals/templates/${row.id}`} className="font-medium hover:underline">
                {row.name}
              </Link>
            </TableCell>
            <TableCell className="text-right tabular-nums">{row.sections}</TableCell>
            <TableCell className="text-right tabular-nums">{row.lines}</TableCell>
            <TableCell className="hidden md:table-cell">{row.updated}</TableCell>
          </>
        )}
        actions={(row) => <RowActions name={row.name} onDelete={() => remove.ask(row)} />}
      />
      {remove.dialog}
    </div>
  );
}
