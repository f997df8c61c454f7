// oEmbed (https://oembed.com): which of our URLs can be embedded, and the
// `rich` answer for one: the Embed Code popover's snippet framing the page's
// compact card (many consumers strip the script that would size the frame to
// the page; where it runs it swaps the card for the page), with width and
// height hints within the consumer's maxwidth and maxheight.
import { galleryEmbedCode } from "~/domain/galleries/embed";
import { projectEmbedCode } from "~/domain/projects/embed";
import { EMBED_CARD_HEIGHT, embedSnippet } from "~/lib/embed-snippet";
import { SLUG_PATTERN } from "~/lib/slugify";
import { isReservedSlug } from "~/lib/reserved-slugs";
import { isUuid } from "~/lib/uuid";

/** What an embeddable URL names, before the database says whether it is public. */
export type EmbedCandidate =
  | { kind: "project"; projectName: string }
  | { kind: "project"; id: string }
  | { kind: "gallery-or-project"; slug: string }
  | { kind: "gallery"; slug: string };

/** The page an absolute URL names on our origin, or null (another site, another page, not http(s)). */
export function embedCandidate(url: string, origin: string): EmbedCandidate | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(origin).origin) return null;
  // The pages answer with one trailing slash too (people paste it): /oak-tower/ is /oak-tower.
  const parts = parsed.pathname
    .replace(/(.)\/$/, "$1")
    .split("/")
    .slice(1);
  const slug = (value: string | undefined) => (value && SLUG_PATTERN.test(value) ? value : null);
  if (parts.length === 1 && slug(parts[0]) && !isReservedSlug(parts[0]!)) {
    return { kind: "project", projectName: parts[0]! };
  }
  if (parts.length === 2 && parts[0] === "gallery" && slug(parts[1])) return { kind: "gallery", slug: parts[1]! };
  // /webview/{slug}: a gallery first, then a project (as the page itself decides).
  if (parts.length === 2 && parts[0] === "webview" && slug(parts[1])) {
    return { kind: "gallery-or-project", slug: parts[1]! };
  }
  if (parts.length === 3 && parts[0] === "projects" && isUuid(parts[1]) && parts[2] === "preview") {
    return { kind: "project", id: parts[1]! };
  }
  return null;
}

/** A public page found for a candidate: a listed project or a published gallery. */
export type Embeddable = (
  | { kind: "project"; id: string; title: string; projectName: string | null }
  | { kind: "gallery"; slug: string; name: string }
) & {
  /** The page's Open Graph image (its URL as stored: relative to the origin or absolute), or null. */
  thumbnail: { url: string; width: number; height: number } | null;
};

export interface OembedResponse {
  version: "1.0";
  type: "rich";
  title: string;
  provider_name: string;
  provider_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  /** All three or none (the spec, section 2.3.4). */
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

/** The width we suggest when the consumer sets none: the pages are laid out for this and wider. */
export const EMBED_WIDTH = 960;

/** A positive whole number from a query parameter, or null. */
export function dimension(value: string | null): number | null {
  if (value === null || !/^\d{1,5}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

export function oembedResponse(input: {
  page: Embeddable;
  origin: string;
  providerName: string;
  maxwidth: number | null;
  maxheight: number | null;
}): OembedResponse {
  const { page, origin } = input;
  const height = Math.min(EMBED_CARD_HEIGHT, input.maxheight ?? EMBED_CARD_HEIGHT);
  const width = Math.min(EMBED_WIDTH, input.maxwidth ?? EMBED_WIDTH);
  const html =
    page.kind === "gallery"
      ? galleryEmbedCode({ origin, slug: page.slug, name: page.name, height, card: true })
      : page.projectName
        ? projectEmbedCode({ origin, projectName: page.projectName, title: page.title, height, card: true })
        : embedSnippet({
            origin,
            path: `/projects/${page.id}/preview`,
            title: page.title,
            loadingText: "Loading project...",
            height,
            card: true,
          });
  return {
    version: "1.0",
    type: "rich",
    title: page.kind === "gallery" ? page.name : page.title,
    provider_name: input.providerName,
    provider_url: `${origin}/`,
    html,
    width,
    height,
    // Unpublishing should reach consumers within the hour.
    cache_age: 3600,
    ...(page.thumbnail
      ? {
          thumbnail_url: new URL(page.thumbnail.url, origin).toString(),
          thumbnail_width: page.thumbnail.width,
          thumbnail_height: page.thumbnail.height,
        }
      : {}),
  };
}
