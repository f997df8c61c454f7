// Projects as CSV (/admin/projects/export): the list's search and status filter, all its rows, newest first.
import { asc, desc, eq } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { type CsvColumn, csvStream } from "~/.server/http/csv-response";
import { type ExportFile, inChunks } from "../export/chunks.server";
import { PROJECT_STATUS_LABELS } from "./labels";
import { projectFilters } from "./projects.server";
import type { ProjectListQuery } from "./schema";

const { clients, projects } = schema;

function readProjects(query: Omit<ProjectListQuery, "page">, limit: number, offset: number) {
  return db()
    .select({
      title: projects.title,
      projectName: projects.projectName,
      status: projects.status,
      client: clients.name,
      endDate: projects.endDate,
      description: projects.description,
      showInGallery: projects.showInGallery,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(projectFilters(query))
    .orderBy(desc(projects.createdAt), asc(projects.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof readProjects>>[number];

export const PROJECT_CSV: CsvColumn<Row>[] = [
  { header: "Project Title", value: (r) => r.title },
  { header: "Project Name", value: (r) => r.projectName },
  { header: "Status", value: (r) => PROJECT_STATUS_LABELS[r.status] },
  { header: "Client", value: (r) => r.client },
  { header: "End Date", value: (r) => r.endDate },
  { header: "Description", value: (r) => r.description },
  { header: "Show in Gallery", value: (r) => r.showInGallery },
];

export function exportProjects(query: Omit<ProjectListQuery, "page">) {
  return inChunks((limit, offset) => readProjects(query, limit, offset));
}

/** Export everything's projects: all of them. */
export const PROJECTS_FILE: ExportFile = {
  name: "projects.csv",
  body: () => csvStream(PROJECT_CSV, exportProjects({ q: "", status: "" })),
};
