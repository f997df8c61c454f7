// The loader behind /gallery/:slug (and the gallery case of /webview/:slug).
import { publicOrigin } from "~/.server/http/origin";
import { findPublishedGallery } from "~/domain/library/gallery-page.server";
import { SLUG_PATTERN } from "~/lib/slugify";
import { adminGalleryPath, staffView } from "./staff-view.server";

export async function loadGalleryPage(request: Request, slug: string) {
  const origin = publicOrigin(request);
  const gallery = SLUG_PATTERN.test(slug) ? await findPublishedGallery(slug) : null;
  // Drafts too: an unpublished gallery is not there for the public (the route answers 404: see `found`).
  const staff = gallery ? await staffView(request, adminGalleryPath(gallery.slug)) : null;
  return { gallery, origin, staff };
}
