// The glue of the public pages of one project or gallery: /:slug (with the library's chrome),
// /projects/:id/preview, /gallery/:slug and /webview/:slug (a published gallery by that
// address first, else the project). A missing or unpublished one answers 404 (see `found`).
import { data } from "react-router";
import { found } from "~/.server/http/invariant";
import { loadPublicChrome } from "~/domain/library/chrome.server";
import { loadGalleryPage } from "./gallery-page.server";
import { loadProjectPage } from "./project-page.server";

export async function loadProjectRoute(request: Request, slug: string) {
  const [page, chrome] = await Promise.all([loadProjectPage(request, { projectName: slug }), loadPublicChrome()]);
  return data({ ...page, chrome }, found(page.project, request));
}

export async function loadWebview(request: Request, slug: string) {
  const gallery = await loadGalleryPage(request, slug);
  if (gallery.gallery) return data({ ...gallery, project: null });
  const page = await loadProjectPage(request, { projectName: slug });
  return data({ ...page, gallery: null }, found(page.project, request));
}

export async function loadProjectPreview(request: Request, id: string | undefined) {
  const page = await loadProjectPage(request, { id });
  return data(page, found(page.project, request));
}

export async function loadGalleryRoute(request: Request, slug: string) {
  const page = await loadGalleryPage(request, slug);
  return data(page, found(page.gallery, request));
}
