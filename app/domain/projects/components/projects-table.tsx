// The projects list: title with its visibility and a two-line description,
// client, installation date, media and option counts, and a row menu. A row
// opens the project's form.
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import { ListTable } from "~/components/list-table";
import { numericDate } from "~/lib/format";
import { Badge } from "~/ui/badge";
import { TableCell, TableHead } from "~/ui/table";
import type { ProjectStatus } from "../schema";
import { ProjectRowActions } from "./project-row-actions";
import type { ProjectVisibility } from "../visibility";
import { VisibilityBadge } from "./visibility-badge";

export interface ProjectRow {
  id: string;
  title: string;
  description: string | null;
  status: ProjectStatus;
  endDate: string | null;
  clientName: string;
  imageCount: number;
  videoCount: number;
  optionCount: number;
  visibility: ProjectVisibility;
}

const countClass = "hidden text-right tabular-nums md:table-cell";

export function ProjectsTable({ rows }: { rows: ProjectRow[] }) {
  const [deleting, setDeleting] = useState<ProjectRow | null>(null);
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
        actions={(row) => <ProjectRowActions id={row.id} title={row.title} onDelete={() => setDeleting(row)} />}
      />
      <ConfirmDelete
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete "${deleting?.title ?? ""}"?`}
        description="This action cannot be undone. The project, its images, videos and playground options will be permanently deleted. A project with contracts cannot be deleted."
        fields={{ intent: "delete", id: deleting?.id ?? "" }}
      />
    </>
  );
}
