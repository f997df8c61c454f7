// One public project, by its public slug or its id, with its client, images,
// videos and options — in one database round trip — shaped as a case study:
// hero, facts, story, quote and the render/photo pair.
import { eq, sql } from "drizzle-orm";
import { db, schema } from "~/.server/db";
import { imageSources } from "~/.server/images/sources";
import { variantKey, variantWidths } from "~/.server/images/variants";
import { storage } from "~/.server/storage";
import { companyNameSql } from "~/domain/company/company.server";
import { companyName } from "~/lib/company-name";
import { imageAlt } from "~/domain/project-media/schema";
import { inPublishedGallery } from "~/domain/projects/visibility.server";
import { isHttpUrl } from "~/lib/form-values";
import { mostLevels, totalSqFeet } from "./play-area";
import {
  type DimensionBlock,
  IMAGE_SECTIONS,
  type ImageCategory,
  type PublicImage,
  type PublicProject,
} from "./project-page";

const { projects, clients } = schema;

interface ImageRow {
  id: string;
  key: string;
  width: number;
  height: number;
  caption: string | null;
  altText: string | null;
  featured: boolean;
  category: ImageCategory;
}

interface OptionRow {
  name: string;
  key: string | null;
  width: number | null;
  height: number | null;
}

interface VideoRow {
  id: string;
  title: string;
  youtubeId: string;
  category: "3d_renders" | "real_videos";
}

// Subqueries name the outer row in full: Drizzle would write a bare "id" here.
const imagesJson = sql<ImageRow[] | null>`(
  select json_agg(json_build_object(
    'id', i.id, 'key', i.storage_key, 'width', i.width, 'height', i.height,
    'caption', i.caption, 'altText', i.alt_text, 'featured', i.is_featured, 'category', i.image_category
  ) order by i.image_category, i.display_order, i.id)
  from project_images i where i.project_id = "projects"."id")`;

const videosJson = sql<VideoRow[] | null>`(
  select json_agg(json_build_object('id', v.id, 'title', v.title, 'youtubeId', v.youtube_id, 'category', v.video_category)
    order by case v.video_category when '3d_renders' then 0 else 1 end, v.display_order, v.id)
  from project_videos v where v.project_id = "projects"."id")`;

const optionsJson = sql<OptionRow[] | null>`(
  select json_agg(json_build_object('name', o.option_name, 'key', o.image_key, 'width', o.image_width, 'height', o.image_height)
    order by lower(o.option_name))
  from project_options po join playground_options o on o.id = po.option_id
  where po.project_id = "projects"."id")`;

function block(
  title: DimensionBlock["title"],
  included: boolean,
  values: Omit<DimensionBlock, "title">,
): DimensionBlock | null {
  return included ? { title, ...values } : null;
}

/**
 * The project's public page data, published or not: the caller decides who may
 * see an unpublished one (`published` false: staff previews and share links).
 */
export async function findPublicProject(by: { projectName: string } | { id: string }): Promise<PublicProject | null> {
  const [row] = await db()
    .select({
      id: projects.id,
      title: projects.title,
      projectName: projects.projectName,
      description: projects.description,
      status: projects.status,
      showInGallery: projects.showInGallery,
      inPublishedGallery: inPublishedGallery(),
      endDate: projects.endDate,
      themeStyle: projects.themeStyle,
      updatedAt: projects.updatedAt,
      hasMainPlayground: projects.hasMainPlayground,
      mainPlaygroundLength: projects.mainPlaygroundLength,
      mainPlaygroundWidth: projects.mainPlaygroundWidth,
      mainPlaygroundHeight: projects.mainPlaygroundHeight,
      levels: projects.levels,
      sqFeet: projects.sqFeet,
      hasToddlerZone: projects.hasToddlerZone,
      toddlerZoneLength: projects.toddlerZoneLength,
      toddlerZoneWidth: projects.toddlerZoneWidth,
      toddlerZoneHeight: projects.toddlerZoneHeight,
      toddlerZoneLevels: projects.toddlerZoneLevels,
      toddlerZoneSqFeet: projects.toddlerZoneSqFeet,
      hasSportCourt: projects.hasSportCourt,
      sportCourtLength: projects.sportCourtLength,
      sportCourtWidth: projects.sportCourtWidth,
      sportCourtHeight: projects.sportCourtHeight,
      sportCourtLevels: projects.sportCourtLevels,
      sportCourtSqFeet: projects.sportCourtSqFeet,
      capacity: projects.capacity,
      storyBrief: projects.storyBrief,
      storySolution: projects.storySolution,
      storyResult: projects.storyResult,
      quoteText: projects.quoteText,
      quoteAuthor: projects.quoteAuthor,
      quoteRole: projects.quoteRole,
      ageGroups: projects.ageGroups,
      inclusivePlay: projects.inclusivePlay,
      surfacing: projects.surfacing,
      comparisonRenderId: projects.comparisonRenderId,
      comparisonPhotoId: projects.comparisonPhotoId,
      clientName: clients.name,
      clientLogoKey: clients.logoKey,
      clientLogoWidth: clients.logoWidth,
      clientLogoHeight: clients.logoHeight,
      clientLocation: clients.location,
      clientWebsite: clients.website,
      clientIndustryType: clients.industryType,
      images: imagesJson,
      videos: videosJson,
      options: optionsJson,
      siteName: companyNameSql,
    })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .where("projectName" in by ? eq(projects.projectName, by.projectName) : eq(projects.id, by.id))
    .limit(1);
  if (!row) return null;

  const store = storage();
  const images = Object.fromEntries(IMAGE_SECTIONS.map((s) => [s.category, [] as PublicImage[]])) as Record<
    ImageCategory,
    PublicImage[]
  >;
  let featured: PublicImage | undefined;
  for (const image of row.images ?? []) {
    const widths = variantWidths(image.width);
    const shown: PublicImage = {
      id: image.id,
      caption: image.caption,
      alt: imageAlt(image, row.title, image.category, images[image.category].length + 1),
      sources: imageSources(image.key, image.width, image.height, store),
      fullUrl: store.publicUrl(widths.length ? variantKey(image.key, widths.at(-1)!) : image.key),
    };
    images[image.category].push(shown);
    if (image.featured) featured = shown;
  }
  const renders = images["3d_renders"];
  const photos = images.photos_completed;
  const hero = featured ?? photos[0] ?? renders[0] ?? null;
  const render = renders.find((image) => image.id === row.comparisonRenderId) ?? renders[0];
  const photo = photos.find((image) => image.id === row.comparisonPhotoId) ?? photos[0];
  const dimensions = [
    block("Main Playground", row.hasMainPlayground, {
      length: row.mainPlaygroundLength,
      width: row.mainPlaygroundWidth,
      height: row.mainPlaygroundHeight,
      levels: row.levels,
      sqFeet: row.sqFeet,
    }),
    block("Toddler Zone", row.hasToddlerZone, {
      length: row.toddlerZoneLength,
      width: row.toddlerZoneWidth,
      height: row.toddlerZoneHeight,
      levels: row.toddlerZoneLevels,
      sqFeet: row.toddlerZoneSqFeet,
    }),
    block("Sport Court", row.hasSportCourt, {
      length: row.sportCourtLength,
      width: row.sportCourtWidth,
      height: row.sportCourtHeight,
      levels: row.sportCourtLevels,
      sqFeet: row.sportCourtSqFeet,
    }),
  ].filter((b): b is DimensionBlock => b !== null);

  return {
    id: row.id,
    title: row.title,
    siteName: companyName(row.siteName),
    projectName: row.projectName,
    description: row.description,
    endDate: row.endDate,
    themeStyle: row.themeStyle,
    listed: row.showInGallery && row.status === "completed",
    published: row.showInGallery || row.inPublishedGallery,
    client: {
      name: row.clientName,
      logo:
        row.clientLogoKey && row.clientLogoWidth && row.clientLogoHeight
          ? imageSources(row.clientLogoKey, row.clientLogoWidth, row.clientLogoHeight, store)
          : null,
      location: row.clientLocation,
      // Only http(s) links are ever rendered.
      website: row.clientWebsite && isHttpUrl(row.clientWebsite) ? row.clientWebsite : null,
      industryType: row.clientIndustryType,
    },
    dimensions,
    totalSqFeet: totalSqFeet(dimensions),
    levels: mostLevels(dimensions),
    capacity: row.capacity,
    story: { brief: row.storyBrief, solution: row.storySolution, result: row.storyResult },
    quote:
      row.quoteText && row.quoteAuthor ? { text: row.quoteText, author: row.quoteAuthor, role: row.quoteRole } : null,
    ageGroups: row.ageGroups,
    inclusivePlay: row.inclusivePlay,
    surfacing: row.surfacing,
    options: (row.options ?? []).map((option) => ({
      name: option.name,
      image:
        option.key && option.width && option.height
          ? imageSources(option.key, option.width, option.height, store)
          : null,
    })),
    images,
    videos: row.videos ?? [],
    hero,
    comparison: render && photo ? { render, photo } : null,
    coverImage: (hero ?? Object.values(images).flat()[0])?.sources ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
