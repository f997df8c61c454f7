import { Plus } from "lucide-react";
import { Link } from "react-router";
import { requireStaff } from "~/.server/auth/access";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { ListFilters } from "~/components/list-filters";
import { PageHeader } from "~/components/page-header";
import { ProjectsTable } from "~/domain/projects/components/projects-table";
import { deleteProject } from "~/domain/projects/project-lifecycle.server";
import { listProjects } from "~/domain/projects/projects.server";
import { FILTER_STATUSES, PROJECT_STATUS_LABELS, projectListQuerySchema } from "~/domain/projects/schema";
import { pageFromSearchParams } from "~/lib/pagination";
import { Button } from "~/ui/button";
import { NativeSelect } from "~/ui/native-select";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/list";

export const meta: Route.MetaFunction = () => [{ title: "Projects · Playfolio Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const query = projectListQuerySchema.parse(Object.fromEntries(params));
  const list = await listProjects({ ...query, page: pageFromSearchParams(params) });
  return { ...query, list };
}

export function action({ request }: Route.ActionArgs) {
  return deleteAction(request, deleteProject, { done: "Project deleted", failed: "Error deleting project" });
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { list, q, status } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <PageHeader title="Projects" description="Manage projects, their media and playground options">
        <Button asChild>
          <Link to="/admin/projects/new">
            <Plus aria-hidden="true" />
            New Project
          </Link>
        </Button>
      </PageHeader>
      <ListFilters q={q} searchLabel="Search projects" placeholder="Search projects...">
        <NativeSelect name="status" defaultValue={status} aria-label="Filter by status" className="w-full sm:w-48">
          <option value="">All Status</option>
          {FILTER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {PROJECT_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </ListFilters>
      <ProjectsTable rows={list.rows} />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} noun="projects" />
    </div>
  );
}
