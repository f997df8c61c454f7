// GET /projects/:id/dialog: the content of a /projects card's dialog, as an
// HTML fragment the page's script puts in its dialog. Listed projects only (the
// ones /projects shows); public and cacheable like the page itself.
import { renderToStaticMarkup } from "react-dom/server";
import { PUBLIC_PAGE_CACHE } from "~/.server/http/cache-control";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { DialogContent } from "~/domain/library/components/project-gallery";
import { findProjectDialog } from "~/domain/library/project-gallery.server";
import { countView } from "~/routes/shared/page-view.server";
import type { Route } from "./+types/project-dialog";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = uuidParam(params.id, request);
  const project = await findProjectDialog(id);
  invariantResponse(project, request);
  // Opened from a /projects card: a view of that project.
  await countView(context, request, { kind: "project", ref: id });
  return new Response(renderToStaticMarkup(<DialogContent project={project} />), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": PUBLIC_PAGE_CACHE,
      // A fragment for this site's own page: never framed, never sniffed into something else.
      "Content-Security-Policy":
        "frame-ancestors 'none'; default-src 'none'; img-src 'self' https: data:; style-src 'self'",
    },
  });
}
