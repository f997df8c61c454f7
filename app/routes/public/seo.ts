// Title, description, canonical URL, Open Graph / Twitter cards and schema.org
// data for public pages.
import type { MetaDescriptor } from "react-router";
import type { PublicGallery } from "~/domain/library/gallery-page";
import type { PublicProject } from "~/domain/library/project-page";
import { projectPath } from "~/domain/projects/embed";
import { AGE_GROUP_LABELS, type AgeGroup, SURFACING_LABELS } from "~/domain/projects/labels";

function absolute(origin: string, url: string): string {
  return new URL(url, origin).toString();
}

function summary(project: PublicProject): string {
  const text = project.description?.replace(/\s+/g, " ").trim();
  const fallback = `${project.title}: a playground project for ${project.client.name}${project.client.location ? ` in ${project.client.location}` : ""}.`;
  if (!text) return fallback;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/** The case study's facets in schema.org terms: who it is for, what it stands on, what the client said. */
function caseStudyData(project: PublicProject) {
  const keywords = [
    ...project.options.map((option) => option.name),
    ...(project.inclusivePlay ? ["Inclusive play"] : []),
  ];
  const ages = project.ageGroups.map((group) => AGE_RANGES[group]);
  return {
    ...(keywords.length ? { keywords: keywords.join(", ") } : {}),
    ...(ages.length
      ? {
          audience: {
            "@type": "PeopleAudience",
            audienceType: project.ageGroups.map((group) => AGE_GROUP_LABELS[group]).join(", "),
            suggestedMinAge: Math.min(...ages.map(([min]) => min)),
            ...(ages.every(([, max]) => max !== null)
              ? { suggestedMaxAge: Math.max(...ages.map(([, max]) => max!)) }
              : {}),
          },
        }
      : {}),
    ...(project.inclusivePlay
      ? { accessibilitySummary: "Inclusive play: children of all abilities play together." }
      : {}),
    ...(project.surfacing ? { material: SURFACING_LABELS[project.surfacing] } : {}),
    ...(project.quote
      ? {
          review: {
            "@type": "Review",
            reviewBody: project.quote.text,
            author: {
              "@type": "Person",
              name: project.quote.author,
              ...(project.quote.role ? { jobTitle: project.quote.role } : {}),
              worksFor: { "@type": "Organization", name: project.client.name },
            },
          },
        }
      : {}),
  };
}

/** Each age group in years, for schema.org's suggested ages (13+ has no upper bound). */
const AGE_RANGES: Record<AgeGroup, [number, number | null]> = {
  "6-23-months": [0.5, 2],
  "2-5-years": [2, 5],
  "5-12-years": [5, 12],
  "13-plus": [13, null],
};

export function projectMeta(project: PublicProject, origin: string): MetaDescriptor[] {
  const url = absolute(origin, projectPath(project));
  const title = `${project.title} · ${project.client.name} | ${project.siteName}`;
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
    { property: "og:site_name", content: project.siteName },
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
        ...caseStudyData(project),
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
    { title: `${gallery.name} | ${gallery.siteName}` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: gallery.siteName },
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
