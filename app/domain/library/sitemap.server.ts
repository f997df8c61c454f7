// What search engines are told about: the listed projects (shown in the
// gallery and completed, with a public name) and the published galleries.
// Unpublishing a gallery drops it at once: nothing here is cached.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";

export async function listSitemapEntries(): Promise<{ path: string; lastModified: Date }[]> {
  const result = await db().execute<{ path: string; lastModified: string | Date }>(sql`
    select '/' || project_name as path, updated_at as "lastModified" from projects
      where show_in_gallery and status = 'completed' and project_name is not null
    union all
    select '/gallery/' || slug, updated_at from galleries where is_published
    order by 1`);
  return result.rows.map((row) => ({ path: row.path, lastModified: new Date(row.lastModified) }));
}
