// The glue of the public pages of one project or gallery: /:slug (with the library's chrome),
// /projects/:id/preview, /gallery/:slug and /webview/:slug (a published gallery by that
// address first, else the project). A missing or unpublished one answers 404 (see `found`).
import { data, type RouterContextProvider } from "react-router";
import { found } from "~/.server/http/invariant";
import { loadPublicChrome } from "~/domain/library/chrome.server";
import { loadGalleryPage } from "./gallery-page.server";
import { countView } from "~/routes/shared/page-view.server";
import { loadProjectPage } from "./project-page.server";

type Context = Readonly<RouterContextProvider>;

export async function loadProjectRoute(request: Request, context: Context, slug: string) {
  const [page, chrome] = await Promise.all([loadProjectPage(request, { projectName: slug }), loadPublicChrome()]);
  if (page.project?.published) await countView(context, request, { kind: "project", ref: page.project.id });
  return data({ ...page, chrome }, found(page.project, request));
}

/** `?view=card`: the compact card of an embeddable page, which oEmbed answers frame (see embed-card.tsx). */
const wantsCard = (request: Request) => new URL(request.url).searchParams.get("view") === "card";

// The page another site frames (the embed snippet): its views are counted with that site's origin.
export async function loadWebview(request: Request, context: Context, slug: string) {
  const card = wantsCard(request);
  const gallery = await loadGalleryPage(request, slug);
  if (gallery.gallery) {
    await countView(context, request, { kind: "gallery", ref: gallery.gallery.id, framed: true });
    return data({ ...gallery, project: null, card });
  }
  const page = await loadProjectPage(request, { projectName: slug });
  if (page.project?.published)
    await countView(context, request, { kind: "project", ref: page.project.id, framed: true });
  return data({ ...page, gallery: null, card }, found(page.project, request));
}

export async function loadProjectPreview(request: Request, id: string | undefined) {
  const page = await loadProjectPage(request, { id });
  return data({ ...page, card: wantsCard(request) }, found(page.project, request));
}

export async function loadGalleryRoute(request: Request, context: Context, slug: string) {
  const page = await loadGalleryPage(request, slug);
  if (page.gallery) await countView(context, request, { kind: "gallery", ref: page.gallery.id });
  return data({ ...page, card: wantsCard(request) }, found(page.gallery, request));
}
