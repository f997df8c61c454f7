// GET /admin/projects/export: the projects list as CSV, with its search and status filter.
import { exportProjects, PROJECT_CSV } from "~/domain/projects/export.server";
import { projectListQuerySchema } from "~/domain/projects/schema";
import { csvExport } from "~/routes/shared/csv-export.server";
import type { Route } from "./+types/export";

export function loader({ request }: Route.LoaderArgs) {
  return csvExport(request, {
    name: "projects",
    query: projectListQuerySchema,
    columns: PROJECT_CSV,
    rows: exportProjects,
  });
}
