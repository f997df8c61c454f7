import { publicOrigin } from "~/.server/http/origin";
import type { RouterContextProvider } from "react-router";
import { searchProjectGallery } from "~/domain/library/project-gallery.server";
import { countView } from "~/routes/shared/page-view.server";

/** The embeddable project gallery (/projects): its search, industry and page from the address. */
export async function loadProjectGalleryPage(request: Request, context: Readonly<RouterContextProvider>) {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const query = {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    industry: (params.get("industry") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
  // Embeddable: framed by another site, its views are counted with that site's origin.
  await countView(context, request, { kind: "page", ref: "projects", framed: true });
  return { query, origin: publicOrigin(request), ...(await searchProjectGallery(query)) };
}
