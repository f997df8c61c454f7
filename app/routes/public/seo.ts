// Title, description, canonical URL, Open Graph / Twitter cards and schema.org
// data for public pages.
import type { MetaDescriptor } from "react-router";
import type { PublicGallery } from "~/domain/library/gallery-page";
import type { PublicProject } from "~/domain/library/project-page";
import { projectPath } from "~/domain/library/library";

export const SITE_NAME = "Playfolio";

function absolute(origin: string, url: string): string {
  return new URL(url, origin).toString();
}

function summary(project: PublicProject): string {
  const text = project.description?.replace(/\s+/g, " ").trim();
  const fallback = `${project.title}: a playground project for ${project.client.name}${project.client.location ? ` in ${project.client.location}` : ""}.`;
  if (!text) return fallback;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

export function projectMeta(project: PublicProject, origin: string): MetaDescriptor[] {
  const url = absolute(origin, projectPath(project));
  const title = `${project.title} · ${project.client.name} | ${SITE_NAME}`;
  const description = summary(project);
  const image = project.coverImage ? absolute(origin, project.coverImage.src) : null;
  const images = Object.values(project.images)
    .flat()
    .map((i) => absolute(origin, i.sources.src));
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    // Reachable by its link (so staff can preview drafts) but not listed: not for search engines.
    ...(project.listed ? [] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: project.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: project.title },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CreativeWork",
        name: project.title,
        description,
        url,
        ...(images.length ? { image: images } : {}),
        ...(project.endDate ? { dateCreated: project.endDate } : {}),
        ...(project.client.location ? { locationCreated: { "@type": "Place", name: project.client.location } } : {}),
        ...(project.themeStyle ? { genre: project.themeStyle } : {}),
        ...(project.options.length ? { keywords: project.options.join(", ") } : {}),
      },
    },
  ];
}

export function galleryMeta(gallery: PublicGallery, origin: string): MetaDescriptor[] {
  const url = absolute(origin, `/gallery/${gallery.slug}`);
  const description =
    gallery.description?.replace(/\s+/g, " ").trim().slice(0, 160) ||
    `${gallery.name}: ${gallery.cards.length} playground projects.`;
  const cover = gallery.cards.find((card) => card.cover)?.cover;
  const image = cover ? absolute(origin, cover.src) : null;
  return [
    { title: `${gallery.name} | ${SITE_NAME}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:title", content: gallery.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "CollectionPage",
        name: gallery.name,
        description,
        url,
        hasPart: gallery.cards.map((card) => ({
          "@type": "CreativeWork",
          name: card.title,
          ...(card.href ? { url: absolute(origin, card.href) } : {}),
        })),
      },
    },
  ];
}
