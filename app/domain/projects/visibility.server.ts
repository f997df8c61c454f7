// The publication rule in SQL, for every query that decides who sees a
// project: one definition, so the public pages, the inquiry form and the
// admin's badges cannot disagree.
import { sql, type SQL } from "drizzle-orm";

/**
 * True when the project whose id is `projectId` is in at least one published
 * gallery. Name the outer row in full (sql`"projects"."id"`, sql`p.id`):
 * Drizzle writes a column as a bare "id", which the subquery's own tables have.
 */
export function inPublishedGallery(projectId: SQL = sql`"projects"."id"`): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from gallery_projects vgp join galleries vg on vg.id = vgp.gallery_id
    where vgp.project_id = ${projectId} and vg.is_published)`;
}
