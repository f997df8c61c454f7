import { isRouteErrorResponse } from "react-router";
import { embeddablePage } from "~/.server/http/embeddable";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { GalleryError, GalleryPage } from "~/domain/library/components/gallery-page";
import { ProjectNotFound, ProjectPage } from "~/domain/library/components/project-page";
import { loadGalleryPage } from "~/domain/library/gallery-route.server";
import { loadProjectPage } from "~/domain/library/project-route.server";
import { galleryMeta, projectMeta } from "~/domain/library/seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/webview";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) =>
  data && "gallery" in data && data.gallery
    ? galleryMeta(data.gallery, data.origin)
    : data && "project" in data && data.project
      ? projectMeta(data.project, data.origin)
      : [{ title: "Not found" }, { name: "robots", content: "noindex" }];

// The published gallery with this slug comes first; otherwise the project with
// this project name, so the project form's Open Preview works. At most two
// database round trips either way.
export async function loader({ request, params }: Route.LoaderArgs) {
  const gallery = await loadGalleryPage(request, params.slug, { logMissing: false });
  if ("gallery" in gallery && gallery.gallery) return gallery;
  return loadProjectPage(request, { projectName: params.slug });
}

export default function WebviewRoute({ loaderData }: Route.ComponentProps) {
  if ("gallery" in loaderData && loaderData.gallery) {
    return (
      <EmbedFrame>
        <GalleryPage gallery={loaderData.gallery} />
      </EmbedFrame>
    );
  }
  const project = "project" in loaderData ? loaderData.project : null;
  return <EmbedFrame>{project ? <ProjectPage project={project} /> : <ProjectNotFound />}</EmbedFrame>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <EmbedFrame>
      <GalleryError message={message} />
    </EmbedFrame>
  );
}
