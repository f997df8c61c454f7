// A published gallery with its projects in order — one database round trip.
import { type SQL, sql } from "drizzle-orm";
import { db } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import { storage } from "~/.server/storage";
import { isHttpUrl } from "~/lib/form-values";
import type { GalleryCard, PublicGallery } from "./gallery-page";
import { companyNameSql } from "~/domain/company/company.server";
import { companyName } from "~/lib/company-name";
import { galleryCardCoverOrder } from "./cover.server";
import { projectPath } from "~/domain/projects/embed";

type CardRow = {
  projectId: string;
  title: string;
  projectName: string | null;
  isFeatured: boolean;
  featuredUrl: string | null;
  endDate: string | null;
  coverKey: string | null;
  coverWidth: number | null;
  coverHeight: number | null;
  clientName: string;
  logoKey: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  location: string | null;
  website: string | null;
  industryType: string | null;
  videoId: string | null;
  videoTitle: string | null;
};

type GalleryRow = {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  cards: CardRow[] | null;
  siteName: string | null;
};

export function findPublishedGallery(slug: string): Promise<PublicGallery | null> {
  return findGallery(sql`g.slug = ${slug} and g.is_published`);
}

/** A gallery published or not, for a private share link (the same public columns only). */
export function findSharedGallery(id: string): Promise<PublicGallery | null> {
  return findGallery(sql`g.id = ${id}`);
}

async function findGallery(where: SQL): Promise<PublicGallery | null> {
  const result = await db().execute<GalleryRow>(sql`
    select g.id, g.name, g.slug, g.description, ${companyNameSql} as "siteName",
      (select json_agg(json_build_object(
          'projectId', p.id, 'title', p.title, 'projectName', p.project_name,
          'isFeatured', p.is_featured, 'featuredUrl', p.featured_url, 'endDate', p.end_date,
          'coverKey', cover.storage_key, 'coverWidth', cover.width, 'coverHeight', cover.height,
          'clientName', c.name, 'logoKey', c.logo_key, 'logoWidth', c.logo_width, 'logoHeight', c.logo_height,
          'location', c.location, 'website', c.website, 'industryType', c.industry_type,
          'videoId', video.youtube_id, 'videoTitle', video.title
        ) order by gp.display_order, gp.id)
        from gallery_projects gp
        join projects p on p.id = gp.project_id
        join clients c on c.id = p.client_id
        left join lateral (
          select i.storage_key, i.width, i.height from project_images i where i.project_id = p.id
          order by ${galleryCardCoverOrder} limit 1
        ) cover on true
        left join lateral (
          select v.youtube_id, v.title from project_videos v where v.project_id = p.id and p.is_featured
          order by case v.video_category when '3d_renders' then 0 else 1 end, v.display_order limit 1
        ) video on true
        where gp.gallery_id = g.id
      ) as cards
    from galleries g
    where ${where}
    limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  const store = storage();
  const sources = (key: string | null, width: number | null, height: number | null) =>
    key && width && height ? imageSources(key, width, height, store) : null;
  return {
    id: row.id,
    name: row.name,
    siteName: companyName(row.siteName),
    slug: row.slug,
    description: row.description,
    cards: (row.cards ?? []).map((card): GalleryCard => ({
      projectId: card.projectId,
      title: card.title,
      href: projectPath({ id: card.projectId, projectName: card.projectName }),
      isFeatured: card.isFeatured,
      featuredUrl: card.isFeatured && card.featuredUrl && isHttpUrl(card.featuredUrl) ? card.featuredUrl : null,
      endDate: card.endDate,
      cover: sources(card.coverKey, card.coverWidth, card.coverHeight),
      client: {
        name: card.clientName,
        logo: sources(card.logoKey, card.logoWidth, card.logoHeight),
        location: card.location,
        website: card.website && isHttpUrl(card.website) ? card.website : null,
        industryType: card.industryType,
      },
      video: card.videoId ? { youtubeId: card.videoId, title: card.videoTitle ?? "3D Project Preview" } : null,
    })),
  };
}

export interface GalleryListItem {
  name: string;
  slug: string;
  description: string | null;
  projectCount: number;
  cover: ReturnType<typeof imageSources> | null;
}

/** Every published gallery, newest first, with a cover picture. */
export async function listPublishedGalleries(): Promise<GalleryListItem[]> {
  const result = await db().execute<{
    name: string;
    slug: string;
    description: string | null;
    projectCount: number;
    coverKey: string | null;
    coverWidth: number | null;
    coverHeight: number | null;
  }>(sql`
    select g.name, g.slug, g.description,
      (select count(*) from gallery_projects gp where gp.gallery_id = g.id)::int as "projectCount",
      cover.storage_key as "coverKey", cover.width as "coverWidth", cover.height as "coverHeight"
    from galleries g
    left join lateral (
      select i.storage_key, i.width, i.height
      from gallery_projects gp join project_images i on i.project_id = gp.project_id
      where gp.gallery_id = g.id
      order by gp.display_order, i.is_featured desc, i.display_order limit 1
    ) cover on true
    where g.is_published
    order by g.created_at desc, g.id`);
  const store = storage();
  return result.rows.map((row) => ({
    name: row.name,
    slug: row.slug,
    description: row.description,
    projectCount: Number(row.projectCount),
    cover:
      row.coverKey && row.coverWidth && row.coverHeight
        ? imageSources(row.coverKey, row.coverWidth, row.coverHeight, store)
        : null,
  }));
}
