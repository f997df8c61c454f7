import { ArrowLeft } from "lucide-react";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { GalleryPage } from "~/domain/library/components/gallery-page";
import { ProjectPage } from "~/domain/library/components/project-page";
import { SharedLinkGone } from "~/domain/share-links/components/shared-link-gone";
import { SHARE_LINK_MESSAGES } from "~/domain/share-links/schema";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/page";
import { loadSharedPage, sharedPageMiddleware } from "./share.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [sharedPageMiddleware];

export const meta: Route.MetaFunction = ({ data }) => [
  {
    title:
      data?.project?.title ??
      data?.gallery?.name ??
      (data?.state === "revoked"
        ? SHARE_LINK_MESSAGES.revoked
        : data?.state === "unknown"
          ? "Link not found"
          : SHARE_LINK_MESSAGES.expired),
  },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadSharedPage(request, params.token);
}

export default function SharedPageRoute({ loaderData }: Route.ComponentProps) {
  const { project, gallery, state, backHref, company } = loaderData;
  return (
    <EmbedFrame>
      {backHref ? (
        <nav aria-label="Shared gallery" className="mx-auto w-full max-w-6xl px-4 pt-4 sm:px-6">
          <a href={backHref} className="inline-flex items-center gap-1.5 text-sm font-medium hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the gallery
          </a>
        </nav>
      ) : null}
      {project ? <ProjectPage project={project} /> : null}
      {gallery ? <GalleryPage gallery={gallery} /> : null}
      {state !== "open" ? <SharedLinkGone state={state} company={company} /> : null}
    </EmbedFrame>
  );
}
