import { Link } from "react-router";
import { StatusFilter } from "~/components/list-filters";
import { useListDelete } from "~/components/list-delete";
import { ListScreen } from "~/components/list-screen";
import { ListTable } from "~/components/list-table";
import { ProjectRowActions } from "~/domain/projects/components/project-row-actions";
import { VisibilityBadge } from "~/domain/projects/components/visibility-badge";
import { deleteProject } from "~/domain/projects/project-lifecycle.server";
import { listProjects } from "~/domain/projects/projects.server";
import { FILTER_STATUSES, PROJECT_STATUS_LABELS, projectListQuerySchema } from "~/domain/projects/schema";
import { numericDate } from "~/lib/format";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { loadListPage } from "~/routes/shared/list-page.server";
import { Badge } from "~/ui/badge";
import { TableCell, TableHead } from "~/ui/table";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Projects · Playfolio Admin" }];

export function loader({ request }: Route.LoaderArgs) {
  return loadListPage(request, projectListQuerySchema, listProjects);
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteProject, { done: "Project deleted", failed: "Error deleting project" });
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <ListScreen
      exportTo="/admin/projects/export"
      importable
      title="Projects"
      description="Manage projects, their media and playground options"
      newItem={{ to: "/admin/projects/new", label: "New Project" }}
      search={{ q, label: "Search projects", placeholder: "Search projects..." }}
      filters={
        <StatusFilter value={status} all="All Status" statuses={FILTER_STATUSES} labels={PROJECT_STATUS_LABELS} />
      }
      list={list}
      noun="projects"
    >
      <ProjectsTable rows={list.rows} />
    </ListScreen>
  );
}

/** A row as the loader answers it. */
type Row = Route.ComponentProps["loaderData"]["list"]["rows"][number];

// The projects list: title with its visibility and a two-line description,
// client, installation date, media and option counts, and a row menu. A row
// opens the project's form.
const countClass = "hidden text-right tabular-nums md:table-cell";

function ProjectsTable({ rows }: { rows: Row[] }) {
  const remove = useListDelete<Row>({
    name: (row) => row.title,
    description:
      "This action cannot be undone. The project, its images, videos and playground options will be permanently deleted. A project with contracts cannot be deleted.",
  });
  return (
    <>
      <ListTable
        rows={rows}
        loading="Loading projects..."
        empty="No projects found. Create your first project to get started."
        columns={
          <>
            <TableHead>Project</TableHead>
            <TableHead className="hidden sm:table-cell">Client</TableHead>
            <TableHead className="hidden lg:table-cell">Installation Date</TableHead>
            <TableHead className="hidden text-right md:table-cell">Images</TableHead>
            <TableHead className="hidden text-right md:table-cell">Videos</TableHead>
            <TableHead className="hidden text-right md:table-cell">Playground Options</TableHead>
          </>
        }
        href={(row) => `/admin/projects/${row.id}/edit`}
        cells={(row) => (
          <>
            <TableCell className="max-w-md min-w-48 whitespace-normal">
              <div className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link to={`/admin/projects/${row.id}/edit`} className="font-medium hover:underline">
                    {row.title}
                  </Link>
                  {row.status === "draft" ? <Badge variant="outline">Draft</Badge> : null}
                  <VisibilityBadge visibility={row.visibility} />
                </div>
                {row.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{row.description}</p>
                ) : null}
                <p className="text-xs text-muted-foreground sm:hidden">{row.clientName}</p>
              </div>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{row.clientName}</TableCell>
            <TableCell className="hidden tabular-nums lg:table-cell">
              {numericDate(row.endDate) ?? <span className="text-muted-foreground">—</span>}
            </TableCell>
            <TableCell className={countClass}>{row.imageCount}</TableCell>
            <TableCell className={countClass}>{row.videoCount}</TableCell>
            <TableCell className={countClass}>{row.optionCount}</TableCell>
          </>
        )}
        actions={(row) => <ProjectRowActions id={row.id} title={row.title} onDelete={() => remove.ask(row)} />}
      />
      {remove.dialog}
    </>
  );
}
