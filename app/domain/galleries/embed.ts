// The public address and the embed code of a gallery.
import { embedSnippet } from "~/lib/embed-snippet";

/** The gallery's public page (the embed target). */
export const galleryPath = (slug: string) => `/gallery/${encodeURIComponent(slug)}`;

export function galleryEmbedCode(input: {
  origin: string;
  slug: string;
  name: string;
  height?: number;
  card?: boolean;
}): string {
  return embedSnippet({
    origin: input.origin,
    path: galleryPath(input.slug),
    title: input.name,
    loadingText: "Loading gallery...",
    height: input.height,
    card: input.card,
  });
}
