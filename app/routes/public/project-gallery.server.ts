import { publicOrigin } from "~/.server/http/origin";
import { searchProjectGallery } from "~/domain/library/project-gallery.server";

/** The embeddable project gallery (/projects): its search, industry and page from the address. */
export async function loadProjectGalleryPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const query = {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    industry: (params.get("industry") ?? "").trim().slice(0, 100),
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
  return { query, origin: publicOrigin(request), ...(await searchProjectGallery(query)) };
}
