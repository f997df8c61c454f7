// The oEmbed lookup: a URL of ours that names a listed project or a published
// gallery, with the company's name as the provider. Drafts, unpublished
// galleries, other pages and other sites are not embeddable (null: a 404).
import { and, asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db, schema } from "~/.server/db";
import { fallbackImage } from "~/.server/images/sources";
import { getCompanyName } from "~/domain/company/company.server";
import { galleryCardCoverOrder, projectCoverOrder } from "~/domain/library/cover.server";
import { type Embeddable, type EmbedCandidate, embedCandidate, oembedResponse, type OembedResponse } from "./oembed";

const { projects, galleries, galleryProjects } = schema;
// The cover orders name the images `i`.
const i = alias(schema.projectImages, "i");

const IMAGE = { key: i.storageKey, width: i.width, height: i.height };

/** A stored picture at the variant an Open Graph card shows (1280 px wide at most). */
const thumbnailOf = (image: { key: string; width: number; height: number } | undefined) =>
  image ? fallbackImage(image.key, image.width, image.height) : null;

/** The project page's Open Graph image: its cover. */
async function projectThumbnail(projectId: string): Promise<Embeddable["thumbnail"]> {
  const [image] = await db()
    .select(IMAGE)
    .from(i)
    .where(eq(i.projectId, projectId))
    .orderBy(projectCoverOrder)
    .limit(1);
  return thumbnailOf(image);
}

/** The gallery page's Open Graph image: the cover of its first project (in the gallery's order) that has one. */
async function galleryThumbnail(galleryId: string): Promise<Embeddable["thumbnail"]> {
  const [image] = await db()
    .select(IMAGE)
    .from(galleryProjects)
    .innerJoin(i, eq(i.projectId, galleryProjects.projectId))
    .where(eq(galleryProjects.galleryId, galleryId))
    .orderBy(asc(galleryProjects.displayOrder), asc(galleryProjects.id), galleryCardCoverOrder)
    .limit(1);
  return thumbnailOf(image);
}

async function listedProject(by: { projectName: string } | { id: string }): Promise<Embeddable | null> {
  const [row] = await db()
    .select({ id: projects.id, title: projects.title, projectName: projects.projectName })
    .from(projects)
    .where(
      and(
        "projectName" in by ? eq(projects.projectName, by.projectName) : eq(projects.id, by.id),
        eq(projects.showInGallery, true),
        eq(projects.status, "completed"),
      ),
    );
  if (!row) return null;
  return { kind: "project", ...row, thumbnail: await projectThumbnail(row.id) };
}

async function publishedGallery(slug: string): Promise<Embeddable | null> {
  const [row] = await db()
    .select({ id: galleries.id, slug: galleries.slug, name: galleries.name })
    .from(galleries)
    .where(and(eq(galleries.slug, slug), eq(galleries.isPublished, true)));
  if (!row) return null;
  return { kind: "gallery", slug: row.slug, name: row.name, thumbnail: await galleryThumbnail(row.id) };
}

async function find(candidate: EmbedCandidate): Promise<Embeddable | null> {
  switch (candidate.kind) {
    case "gallery":
      return publishedGallery(candidate.slug);
    case "gallery-or-project":
      return (await publishedGallery(candidate.slug)) ?? listedProject({ projectName: candidate.slug });
    default:
      return listedProject("id" in candidate ? { id: candidate.id } : { projectName: candidate.projectName });
  }
}

export async function findOembed(input: {
  url: string;
  origin: string;
  maxwidth: number | null;
  maxheight: number | null;
}): Promise<OembedResponse | null> {
  const candidate = embedCandidate(input.url, input.origin);
  if (!candidate) return null;
  const [page, providerName] = await Promise.all([find(candidate), getCompanyName()]);
  if (!page) return null;
  return oembedResponse({ ...input, page, providerName });
}
