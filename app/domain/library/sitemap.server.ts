// What search engines are told about: the listed projects (shown in the
// gallery and completed, with a public name) and the published galleries.
// Unpublishing a gallery drops it at once: nothing here is cached.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";

const { projects, galleries } = schema;

export async function listSitemapEntries(): Promise<{ path: string; lastModified: Date }[]> {
  const listedProjects = db()
    .select({ path: sql<string>`'/' || ${projects.projectName}`.as("path"), lastModified: projects.updatedAt })
    .from(projects)
    .where(and(eq(projects.showInGallery, true), eq(projects.status, "completed"), isNotNull(projects.projectName)));
  const publishedGalleries = db()
    .select({ path: sql<string>`'/gallery/' || ${galleries.slug}`.as("path"), lastModified: galleries.updatedAt })
    .from(galleries)
    .where(eq(galleries.isPublished, true));
  return listedProjects.unionAll(publishedGalleries).orderBy(sql`path`);
}
