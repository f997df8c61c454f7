// The loader behind /gallery/:slug (and the gallery case of /webview/:slug).
import { requestedPath } from "~/.server/auth/access";
import { publicOrigin } from "~/.server/http/origin";
import { logger } from "~/.server/logger";
import { findPublishedGallery } from "./gallery-page.server";

export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export async function loadGalleryPage(request: Request, slug: string, options: { logMissing?: boolean } = {}) {
  const origin = publicOrigin(request);
  const gallery = SLUG.test(slug) ? await findPublishedGallery(slug) : null;
  if (!gallery) {
    // Drafts too: an unpublished gallery is not there for the public.
    if (options.logMissing !== false) logger().warn({ path: requestedPath(request) }, "gallery not found");
  }
  return { gallery, origin };
}
