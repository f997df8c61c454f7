// The public project gallery (/projects): listed projects, newest first,
// searched over title and description and filtered by the client's industry,
// each with its cover picture. Two queries: the page, and the industries found
// among listed projects (with the company's name, for the title). A card's dialog (every picture with its caption) is
// fetched when it opens, so the page carries only what the grid shows.
import { sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { containsPattern } from "~/.server/db/text-search";
import { imageSources } from "~/.server/images/sources";
import { storage } from "~/.server/storage";
import type { ImageSources } from "~/lib/image-sources";
import { companyNameSql } from "~/domain/company/company.server";
import { companyName } from "~/lib/company-name";
import { projectPath } from "~/domain/projects/embed";

export const PROJECT_GALLERY_PAGE_SIZE = 24;

export interface ProjectGalleryCard {
  id: string;
  title: string;
  description: string | null;
  themeStyle: string | null;
  href: string;
  industryType: string | null;
  cover: ImageSources | null;
}

/** What a card's dialog shows. */
export interface ProjectDialogContent {
  id: string;
  title: string;
  description: string | null;
  href: string;
  clientName: string;
  industryType: string | null;
  images: { id: string; caption: string | null; altText: string | null; sources: ImageSources }[];
}

type Row = {
  id: string;
  title: string;
  description: string | null;
  themeStyle: string | null;
  projectName: string | null;
  industryType: string | null;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  total: number;
};

const listed = sql`p.show_in_gallery and p.status = 'completed'`;
// The dialog's order: renders, then installation, then completed photos.
const categoryOrder = sql`case i.image_category when '3d_renders' then 0 when 'photos_installation' then 1 else 2 end`;

export async function searchProjectGallery(query: { q: string; industry: string; page: number }) {
  const pattern = containsPattern(query.q);
  const [pageResult, industryResult] = await Promise.all([
    db().execute<Row>(sql`
      select p.id, p.title, p.description, p.theme_style as "themeStyle", p.project_name as "projectName",
        c.industry_type as "industryType",
        cover.storage_key as "coverKey", cover.width as "coverWidth", cover.height as "coverHeight",
        (count(*) over ())::int as total
      from projects p join clients c on c.id = p.client_id
      left join lateral (
        select i.storage_key, i.width, i.height from project_images i where i.project_id = p.id
        order by i.is_featured desc, ${categoryOrder}, i.display_order limit 1
      ) cover on true
      where ${listed}
        ${query.q ? sql`and (p.title ilike ${pattern} or p.description ilike ${pattern})` : sql``}
        ${query.industry ? sql`and c.industry_type = ${query.industry}` : sql``}
      order by p.created_at desc, p.id
      limit ${PROJECT_GALLERY_PAGE_SIZE} offset ${(query.page - 1) * PROJECT_GALLERY_PAGE_SIZE}`),
    // One row, even without industries: it carries the company's name for the title too.
    db().execute<{ industries: string[]; siteName: string | null }>(sql`
      select coalesce((select json_agg(industry order by industry) from (
          select distinct c.industry_type as industry from projects p join clients c on c.id = p.client_id
          where ${listed} and c.industry_type is not null) found), '[]'::json) as industries,
        ${companyNameSql} as "siteName"`),
  ]);
  const store = storage();
  const total = pageResult.rows[0]?.total ?? 0;
  const cards = pageResult.rows.map((row): ProjectGalleryCard => ({
    id: row.id,
    title: row.title,
    description: row.description,
    themeStyle: row.themeStyle,
    href: projectPath(row),
    industryType: row.industryType,
    cover:
      row.coverKey && row.coverWidth && row.coverHeight
        ? imageSources(row.coverKey, row.coverWidth, row.coverHeight, store)
        : null,
  }));
  return {
    cards,
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PROJECT_GALLERY_PAGE_SIZE)),
    industries: industryResult.rows[0]?.industries ?? [],
    siteName: companyName(industryResult.rows[0]?.siteName),
  };
}

/** The dialog of a listed project (one query); null for any other id. */
export async function findProjectDialog(id: string): Promise<ProjectDialogContent | null> {
  const result = await db().execute<{
    title: string;
    description: string | null;
    projectName: string | null;
    clientName: string;
    industryType: string | null;
    images:
      | { id: string; key: string; width: number; height: number; caption: string | null; altText: string | null }[]
      | null;
  }>(sql`
    select p.title, p.description, p.project_name as "projectName", c.name as "clientName",
      c.industry_type as "industryType",
      (select json_agg(json_build_object('id', i.id, 'key', i.storage_key, 'width', i.width, 'height', i.height,
          'caption', i.caption, 'altText', i.alt_text) order by ${categoryOrder}, i.display_order)
        from project_images i where i.project_id = p.id) as images
    from projects p join clients c on c.id = p.client_id
    where p.id = ${id}::uuid and ${listed}`);
  const row = result.rows[0];
  if (!row) return null;
  const store = storage();
  return {
    id,
    title: row.title,
    description: row.description,
    href: projectPath({ id, projectName: row.projectName }),
    clientName: row.clientName,
    industryType: row.industryType,
    images: (row.images ?? []).map((image) => ({
      id: image.id,
      caption: image.caption,
      altText: image.altText,
      sources: imageSources(image.key, image.width, image.height, store),
    })),
  };
}
