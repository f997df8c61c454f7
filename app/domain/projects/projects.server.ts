// Projects: the admin list (search, status filter, pages, media and option
// counts in one statement), the form's record, and saving it.
import { and, asc, count, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { containsText } from "~/.server/db/text-search";
import { isForeignKeyViolation, isUniqueViolation } from "~/.server/db/errors";
import { updateIfUnchanged, withVersion } from "../versioned-update.server";
import { projectVisibility, type ProjectVisibility } from "./visibility";
import { inPublishedGallery } from "./visibility.server";
import { PAGE_SIZE, pageOf, type Paginated } from "~/lib/pagination";
import { DuplicateError, InvalidInputError } from "../errors";
import { columnValues } from "../form-fields";
import {
  CASE_STUDY_MESSAGES,
  PROJECT_FIELDS,
  PROJECT_NAME_MESSAGES,
  type ProjectFormValues,
  type ProjectListQuery,
  type ProjectStatus,
} from "./schema";

const { projects, clients, projectImages, projectVideos, projectOptions } = schema;

export interface ProjectListRow {
  id: string;
  title: string;
  description: string | null;
  status: ProjectStatus;
  projectName: string | null;
  /** "YYYY-MM-DD" (SQL date), or null. */
  endDate: string | null;
  clientName: string;
  imageCount: number;
  videoCount: number;
  optionCount: number;
  /** Who can see its pages (the badge staff decide by). */
  visibility: ProjectVisibility;
}

export function projectFilters(query: Omit<ProjectListQuery, "page">): SQL | undefined {
  // and() leaves out the filters not asked for (undefined), and is undefined with none.
  return and(
    containsText(query.q, [projects.title, projects.projectName]),
    query.status ? eq(projects.status, query.status) : undefined,
  );
}

// Drizzle writes a bare "id" for a column inside these subqueries, which each
// would take for its own: the outer row is named in full.
export const countOf = (table: typeof projectImages | typeof projectVideos | typeof projectOptions) =>
  sql<number>`(select count(*) from ${table} t where t.project_id = "projects"."id")`.mapWith(Number);

/**
 * One page of projects, newest first, with the client's name, the three counts
 * and the total: one statement (a second only past the last page).
 */
export async function listProjects(query: ProjectListQuery): Promise<Paginated<ProjectListRow>> {
  const rows = await db()
    .select({
      id: projects.id,
      title: projects.title,
      description: projects.description,
      status: projects.status,
      projectName: projects.projectName,
      endDate: projects.endDate,
      clientName: clients.name,
      imageCount: countOf(projectImages),
      videoCount: countOf(projectVideos),
      optionCount: countOf(projectOptions),
      showInGallery: projects.showInGallery,
      inPublishedGallery: inPublishedGallery(),
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where(projectFilters(query))
    .orderBy(desc(projects.createdAt), asc(projects.id))
    .limit(PAGE_SIZE)
    .offset((query.page - 1) * PAGE_SIZE);
  const page = await pageOf(rows, query.page, () => countProjects(query));
  return {
    ...page,
    rows: page.rows.map(({ showInGallery, inPublishedGallery, ...row }) => ({
      ...row,
      visibility: projectVisibility({ showInGallery, inPublishedGallery }),
    })),
  };
}

async function countProjects(query: Omit<ProjectListQuery, "page">): Promise<number> {
  const [row] = await db().select({ n: count() }).from(projects).where(projectFilters(query));
  return row?.n ?? 0;
}

/** Everything the edit form shows (numerics as their column text, "12.30"), or null. */
export async function getProjectForEdit(id: string) {
  const [row] = await db()
    .select({
      project: projects,
      inPublishedGallery: inPublishedGallery(),
      optionIds: sql<string[]>`coalesce((
        select json_agg(po.option_id order by po.created_at, po.option_id)
        from ${projectOptions} po where po.project_id = "projects"."id"
      ), '[]'::json)`,
    })
    .from(projects)
    .where(eq(projects.id, id));
  if (!row) return null;
  const { createdAt: _createdAt, createdBy: _createdBy, ...project } = withVersion(row.project);
  return {
    ...project,
    optionIds: row.optionIds,
    inPublishedGallery: row.inPublishedGallery,
    visibility: projectVisibility({ showInGallery: project.showInGallery, inPublishedGallery: row.inPublishedGallery }),
  };
}

export type ProjectForEdit = NonNullable<Awaited<ReturnType<typeof getProjectForEdit>>>;

/** The project that already has this project name (other than `exceptId`), if any. */
async function projectNamedLike(name: string, exceptId?: string) {
  const [other] = await db()
    .select({ id: projects.id, title: projects.title })
    .from(projects)
    .where(exceptId ? and(eq(projects.projectName, name), ne(projects.id, exceptId)) : eq(projects.projectName, name));
  return other;
}

async function nameTaken(name: string, exceptId?: string): Promise<DuplicateError | null> {
  const other = await projectNamedLike(name, exceptId);
  return other ? new DuplicateError(PROJECT_NAME_MESSAGES.taken(other.title), "projectName") : null;
}

/** The columns a save writes: the form's fields by name; a hidden section (undefined) leaves its columns alone. */
function columns(values: ProjectFormValues) {
  return { ...columnValues(PROJECT_FIELDS, values), featuredUrl: values.featuredUrl, ...values.dimensions };
}

/** The comparison's render and photo must be this project's, of the right category. */
async function checkComparisonPair(id: string | undefined, values: ProjectFormValues): Promise<void> {
  const picks = [
    { imageId: values.comparisonRenderId, category: "3d_renders", field: "comparisonRenderId" },
    { imageId: values.comparisonPhotoId, category: "photos_completed", field: "comparisonPhotoId" },
  ] as const;
  for (const pick of picks) {
    if (!pick.imageId) continue;
    const [image] = id
      ? await db()
          .select({ id: projectImages.id })
          .from(projectImages)
          .where(
            and(
              eq(projectImages.id, pick.imageId),
              eq(projectImages.projectId, id),
              eq(projectImages.imageCategory, pick.category),
            ),
          )
      : [];
    if (!image) {
      const message = pick.category === "3d_renders" ? CASE_STUDY_MESSAGES.render : CASE_STUDY_MESSAGES.photo;
      throw new InvalidInputError(message, pick.field);
    }
  }
}

/**
 * Creates (no id) or updates a project. An update carries the version the form
 * was opened with and is refused (StaleRecordError) if someone saved since.
 */
export async function saveProject(input: {
  id?: string;
  values: ProjectFormValues;
  userId: string;
}): Promise<{ id: string }> {
  const { id, values } = input;
  await checkComparisonPair(id, values);
  if (values.projectName) {
    const taken = await nameTaken(values.projectName, id);
    if (taken) throw taken;
  }
  try {
    if (!id) {
      const [created] = await db().transaction(async (tx) => {
        await withActor(tx);
        return tx
          .insert(projects)
          .values({ ...columns(values), showInGallery: false, createdBy: input.userId } as typeof projects.$inferInsert)
          .returning({ id: projects.id });
      });
      return { id: created!.id };
    }
    if (!values.version) throw new InvalidInputError("This form is out of date: reload the page.");
    await db().transaction(async (tx) => {
      await withActor(tx);
      await updateIfUnchanged(
        tx,
        projects,
        id,
        values.version!,
        { ...columns(values), showInGallery: values.showInGallery },
        "project",
      );
    });
    return { id };
  } catch (error) {
    // Someone took the name between our check and the write.
    if (isUniqueViolation(error, "projects_project_name_unique") && values.projectName) {
      throw (await nameTaken(values.projectName, id)) ?? error;
    }
    if (isForeignKeyViolation(error, "projects_client_id_clients_id_fk")) {
      throw new InvalidInputError("This client no longer exists: pick another.", "clientId");
    }
    throw error;
  }
}

/**
 * A client's new project for work it has agreed to (an accepted proposal), in
 * the caller's transaction: planning, private (not in the gallery, no public name).
 */
export async function createClientProject(
  tx: Tx,
  input: { clientId: string; title: string; userId: string | null },
): Promise<{ id: string }> {
  const [created] = await tx
    .insert(projects)
    .values({ clientId: input.clientId, title: input.title, status: "planning", createdBy: input.userId })
    .returning({ id: projects.id });
  return created!;
}
