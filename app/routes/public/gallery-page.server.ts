// The loader behind /gallery/:slug (and the gallery case of /webview/:slug).
import { requestedPath } from "~/.server/auth/access";
import { publicOrigin } from "~/.server/http/origin";
import { logger } from "~/.server/logger";
import { findPublishedGallery } from "~/domain/library/gallery-page.server";
import { SLUG_PATTERN } from "~/lib/slugify";
import { adminGalleryPath, staffView } from "./staff-view.server";

export async function loadGalleryPage(request: Request, slug: string, options: { logMissing?: boolean } = {}) {
  const origin = publicOrigin(request);
  const gallery = SLUG_PATTERN.test(slug) ? await findPublishedGallery(slug) : null;
  // Drafts too: an unpublished gallery is not there for the public.
  if (!gallery && options.logMissing !== false) logger().warn({ path: requestedPath(request) }, "gallery not found");
  const staff = gallery ? await staffView(request, adminGalleryPath(gallery.slug)) : null;
  return { gallery, origin, staff };
}
