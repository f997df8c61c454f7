import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { GalleryPage } from "~/domain/library/components/gallery-page";
import { ProjectPage } from "~/domain/library/components/project-page";
import { SharedLinkGone } from "~/domain/share-links/components/shared-link-gone";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/page";
import { loadSharedPage, sharedPageMiddleware } from "./share.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [sharedPageMiddleware];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.project?.title ?? data?.gallery?.name ?? "This link has expired" },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ params }: Route.LoaderArgs) {
  return loadSharedPage(params.token);
}

export default function SharedPageRoute({ loaderData }: Route.ComponentProps) {
  const { project, gallery, state } = loaderData;
  return (
    <EmbedFrame>
      {project ? <ProjectPage project={project} /> : null}
      {gallery ? <GalleryPage gallery={gallery} /> : null}
      {!project && !gallery ? <SharedLinkGone unknown={state === "unknown"} /> : null}
    </EmbedFrame>
  );
}
