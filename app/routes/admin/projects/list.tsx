import { StatusFilter } from "~/components/list-filters";
import { ListScreen } from "~/components/list-screen";
import { ProjectsTable } from "~/domain/projects/components/projects-table";
import { deleteProject } from "~/domain/projects/project-lifecycle.server";
import { listProjects } from "~/domain/projects/projects.server";
import { FILTER_STATUSES, PROJECT_STATUS_LABELS, projectListQuerySchema } from "~/domain/projects/schema";
import { deleteAction } from "~/routes/shared/delete-action.server";
import { loadListPage } from "~/routes/shared/list-page.server";
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
