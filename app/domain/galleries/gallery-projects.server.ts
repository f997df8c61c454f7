// A gallery's projects and their order: always 0..n-1 without gaps or
// repeats. Every write that changes the set or the order first locks the
// gallery row (`FOR NO KEY UPDATE`), so writers to one gallery take turns and
// each sees what the previous one committed; the unique key (gallery_id,
// project_id) makes a project appear at most once whatever happens.
import { and, eq, notExists, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, schema, type Tx } from "~/.server/db";
import { withActor } from "~/.server/db/history-scope";
import { isForeignKeyViolation } from "~/.server/db/errors";
import { imageSources } from "~/.server/images/sources";
import { storage } from "~/.server/storage";
import { NotFoundError } from "../errors";
import { withVersion } from "../versioned-update.server";
import { galleryCardCoverOrder } from "../library/cover.server";
import { GALLERY_GONE, galleryRowColumns } from "./galleries.server";
import { gallerySlugProblem, type GalleryDetail, type GalleryProjectItem, type ProjectChoice } from "./schema";

const { galleries, galleryProjects, projects, clients, projectImages } = schema;

export const PROJECT_NOT_IN_GALLERY = "This project is no longer in this gallery (someone may have just removed it).";
export const PROJECT_GONE = "One of these projects no longer exists (it may have just been deleted). Reload the page.";

/** The picture that stands for project `p` on a gallery card (a lateral join). */
const COVER = sql`left join lateral (
    select i.storage_key, i.width, i.height from project_images i where i.project_id = p.id
    order by ${galleryCardCoverOrder} limit 1
  ) cover on true`;

type Sources = ReturnType<typeof imageSources> | null;
function sourcesOf(key: string | null, width: number | null, height: number | null): Sources {
  return key && width && height ? imageSources(key, width, height, storage()) : null;
}

interface ProjectJson {
  projectId: string;
  title: string;
  displayOrder: number;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  clientName: string;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  clientLocation: string | null;
}

/** The gallery with this slug and its projects in display order (one round trip), or null. */
export async function getGalleryDetail(slug: string): Promise<GalleryDetail | null> {
  if (!slug || gallerySlugProblem(slug)) return null;
  const [row] = await db()
    .select({
      ...galleryRowColumns,
      projects: sql<ProjectJson[]>`coalesce((
        select json_agg(json_build_object(
            'projectId', p.id, 'title', p.title, 'displayOrder', gp.display_order,
            'coverKey', cover.storage_key, 'coverWidth', cover.width, 'coverHeight', cover.height,
            'clientName', c.name, 'logoKey', c.logo_key, 'logoWidth', c.logo_width, 'logoHeight', c.logo_height,
            'clientLocation', c.location
          ) order by gp.display_order, gp.created_at, gp.id)
        from gallery_projects gp
        join projects p on p.id = gp.project_id
        join clients c on c.id = p.client_id
        ${COVER}
        where gp.gallery_id = "galleries"."id"
      ), '[]'::json)`,
    })
    .from(galleries)
    .where(eq(galleries.slug, slug));
  if (!row) return null;
  const { projects, ...gallery } = row;
  return {
    gallery: withVersion(gallery),
    projects: projects.map((p): GalleryProjectItem => ({
      projectId: p.projectId,
      title: p.title,
      displayOrder: p.displayOrder,
      thumbnail: sourcesOf(p.coverKey, p.coverWidth, p.coverHeight),
      clientName: p.clientName,
      clientLogo: sourcesOf(p.logoKey, p.logoWidth, p.logoHeight),
      clientLocation: p.clientLocation,
    })),
  };
}

/** The projects not yet in the gallery, by title, for the Add Projects dialog. */
export async function listProjectChoices(galleryId: string): Promise<ProjectChoice[]> {
  const i = alias(projectImages, "i");
  const cover = db()
    .select({ key: i.storageKey, width: i.width, height: i.height })
    .from(i)
    .where(eq(i.projectId, projects.id))
    .orderBy(galleryCardCoverOrder)
    .limit(1)
    .as("cover");
  const inGallery = db()
    .select({ one: sql`1` })
    .from(galleryProjects)
    .where(and(eq(galleryProjects.galleryId, galleryId), eq(galleryProjects.projectId, projects.id)));
  const rows = await db()
    .select({
      id: projects.id,
      title: projects.title,
      clientName: clients.name,
      coverKey: cover.key,
      coverWidth: cover.width,
      coverHeight: cover.height,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .leftJoinLateral(cover, sql`true`)
    .where(notExists(inGallery))
    .orderBy(sql`lower(${projects.title})`, projects.title, projects.id);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    clientName: row.clientName,
    thumbnail: sourcesOf(row.coverKey, row.coverWidth, row.coverHeight),
  }));
}

/** Takes the gallery's order lock for the rest of the transaction; NotFoundError when the gallery is gone. */
export async function lockGallery(tx: Tx, galleryId: string): Promise<{ name: string }> {
  const [gallery] = await tx
    .select({ name: galleries.name })
    .from(galleries)
    .where(eq(galleries.id, galleryId))
    .for("no key update");
  if (!gallery) throw new NotFoundError(GALLERY_GONE);
  return gallery;
}

/** `(values (id, 0), (id, 1), …)` of the distinct ids, each with its first position. */
function positions(ids: readonly string[]): SQL {
  const distinct = [...new Set(ids)];
  return sql.join(
    distinct.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
}

/**
 * Rewrites every display_order of the gallery in one UPDATE: the projects of
 * `sent` first, in that order, then the others in their current order; the
 * result is 0..n-1. Without `sent`, the current order is just renumbered.
 * Returns the project ids in their new order.
 */
async function renumber(tx: Tx, galleryId: string, sent: readonly string[] = []): Promise<string[]> {
  const wanted = sent.length > 0 ? sql`(values ${positions(sent)})` : sql`(select null::uuid, null::int where false)`;
  const result = await tx.execute<{ projectId: string; displayOrder: number }>(sql`
    update gallery_projects as gp set display_order = v.ord
    from (
      select cur.id, (row_number() over (
          order by s.pos nulls last, cur.display_order, cur.created_at, cur.id
        ) - 1)::int as ord
      from gallery_projects cur
      left join ${wanted} as s(project_id, pos) on s.project_id = cur.project_id
      where cur.gallery_id = ${galleryId}::uuid
    ) as v
    where gp.id = v.id
    returning gp.project_id as "projectId", gp.display_order as "displayOrder"`);
  return [...result.rows].sort((a, b) => a.displayOrder - b.displayOrder).map((row) => row.projectId);
}

/**
 * Stores a new order: the sent projects that are still in the gallery, in the
 * sent order, then any the sender did not know about (added meanwhile) in
 * their current order; projects no longer in the gallery are skipped. Returns
 * the stored order.
 */
export async function reorderGalleryProjects(input: {
  galleryId: string;
  projectIds: readonly string[];
}): Promise<string[]> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockGallery(tx, input.galleryId);
    return renumber(tx, input.galleryId, input.projectIds);
  });
}

/**
 * Adds projects after the gallery's current ones, in the order given. A
 * project already there (another person added it meanwhile) is skipped, as
 * are repeats and projects deleted meanwhile. Returns the gallery's name, the
 * projects added, and how many of those asked for were skipped.
 */
export async function addProjectsToGallery(input: {
  galleryId: string;
  projectIds: readonly string[];
}): Promise<{ name: string; added: string[]; skipped: number }> {
  const { galleryId, projectIds } = input;
  const distinct = [...new Set(projectIds)];
  try {
    return await db().transaction(async (tx) => {
      await withActor(tx);
      const { name } = await lockGallery(tx, galleryId);
      if (distinct.length === 0) return { name, added: [], skipped: 0 };
      // After the highest order in place (gaps left by a deleted project cannot put
      // new ones in the middle), then renumbered, so they take count, count+1, ….
      const inserted = await tx.execute<{ projectId: string }>(sql`
        insert into gallery_projects (gallery_id, project_id, display_order)
        select ${galleryId}::uuid, s.project_id, base.n + s.pos
        from (values ${positions(distinct)}) as s(project_id, pos)
        join projects p on p.id = s.project_id
        cross join (
          select coalesce(max(display_order) + 1, 0) as n from gallery_projects where gallery_id = ${galleryId}::uuid
        ) as base
        on conflict (gallery_id, project_id) do nothing
        returning project_id as "projectId"`);
      await renumber(tx, galleryId);
      const added = new Set(inserted.rows.map((row) => row.projectId));
      return { name, added: distinct.filter((id) => added.has(id)), skipped: distinct.length - added.size };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new NotFoundError(PROJECT_GONE);
    throw error;
  }
}

/** Takes a project out of the gallery (the project itself stays) and closes the gap. */
export async function removeProjectFromGallery(input: {
  galleryId: string;
  projectId: string;
}): Promise<{ title: string }> {
  return db().transaction(async (tx) => {
    await withActor(tx);
    await lockGallery(tx, input.galleryId);
    const result = await tx.execute<{ title: string }>(sql`
      delete from gallery_projects gp using projects p
      where gp.gallery_id = ${input.galleryId}::uuid and gp.project_id = ${input.projectId}::uuid
        and p.id = gp.project_id
      returning p.title`);
    const removed = result.rows[0];
    if (!removed) throw new NotFoundError(PROJECT_NOT_IN_GALLERY);
    await renumber(tx, input.galleryId);
    return removed;
  });
}
