// The Project Library: listed projects (shown in the gallery and completed —
// the same rule as the sitemap) filtered in the database by text, industry and
// ALL the chosen options, sorted by title, a page at a time, in one query.
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import { storage } from "~/.server/storage";
import { isHttpUrl } from "~/lib/form-values";
import { LIBRARY_PAGE_SIZE, projectPath, type LibraryCard, type LibraryQuery, type LibraryResults } from "./library";

type Row = {
  id: string;
  title: string;
  projectName: string | null;
  endDate: string | null;
  clientName: string;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  location: string | null;
  website: string | null;
  industryType: string | null;
  imageCount: number;
  videoCount: number;
  total: number;
};

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The library's rule and filters over `projects p join clients c`: listed
 * projects that match the text, the industry and ALL the chosen options. The
 * project book (domain/project-book) prints what this keeps.
 */
export function libraryFilter(query: Omit<LibraryQuery, "page">): SQL {
  const pattern = `%${escapeLike(query.q)}%`;
  const optionIds = sql.join(
    query.options.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`p.show_in_gallery and p.status = 'completed'
        ${query.q ? sql`and (p.title ilike ${pattern} or c.name ilike ${pattern} or p.description ilike ${pattern})` : sql``}
        ${query.industry ? sql`and c.industry_type = ${query.industry}` : sql``}
        ${
          query.options.length
            ? sql`and p.id in (
                select po.project_id from project_options po
                where po.option_id in (${optionIds})
                group by po.project_id
                having count(*) = ${query.options.length})`
            : sql``
        }`;
}

export async function searchLibrary(query: LibraryQuery): Promise<LibraryResults> {
  // One statement: `matches` is every listed project the filters keep, named
  // once for the page and for the total. It is not materialized, so the
  // unfiltered page can still walk the listed-projects title index, and the
  // per-card counts are computed for the 24 cards of the page only.
  const result = await db().execute<Row>(sql`
    with matches as not materialized (
      select p.id, lower(p.title) as sort_title
      from projects p join clients c on c.id = p.client_id
      where ${libraryFilter(query)}
    ),
    page as (
      select id, sort_title from matches
      order by sort_title, id
      limit ${LIBRARY_PAGE_SIZE} offset ${(query.page - 1) * LIBRARY_PAGE_SIZE}
    )
    select p.id, p.title, p.project_name as "projectName", p.end_date as "endDate",
      c.name as "clientName", c.logo_key as "logoKey", c.logo_width as "logoWidth", c.logo_height as "logoHeight",
      c.location, c.website, c.industry_type as "industryType",
      (select count(*) from project_images i where i.project_id = p.id)::int as "imageCount",
      (select count(*) from project_videos v where v.project_id = p.id)::int as "videoCount",
      (select count(*) from matches)::int as total
    from page
    join projects p on p.id = page.id
    join clients c on c.id = p.client_id
    order by page.sort_title, page.id`);
  const store = storage();
  const rows = result.rows;
  const total = rows[0]?.total ?? 0;
  return {
    cards: rows.map((row): LibraryCard => ({
      id: row.id,
      title: row.title,
      href: projectPath(row),
      endDate: row.endDate,
      imageCount: Number(row.imageCount),
      videoCount: Number(row.videoCount),
      client: {
        name: row.clientName,
        logo:
          row.logoKey && row.logoWidth && row.logoHeight
            ? imageSources(row.logoKey, row.logoWidth, row.logoHeight, store)
            : null,
        location: row.location,
        website: row.website && isHttpUrl(row.website) ? row.website : null,
        industryType: row.industryType,
      },
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE)),
  };
}
