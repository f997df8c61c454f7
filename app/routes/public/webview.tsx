import { isRouteErrorResponse } from "react-router";
import { embeddablePage } from "~/.server/http/embeddable";
import { GalleryEmbedCard, ProjectEmbedCard } from "~/domain/embeds/components/embed-card";
import { OembedDiscovery } from "~/domain/embeds/components/oembed-discovery";
import { projectInquiryPath, RequestQuoteSlot } from "~/domain/inquiries/components/request-quote-link";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { GalleryError, GalleryPage } from "~/domain/library/components/gallery-page";
import { ProjectNotFound, ProjectPage } from "~/domain/library/components/project-page";
import { StaffBar } from "~/domain/library/components/staff-bar";
import { galleryMeta, projectMeta } from "./seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/webview";
import { loadWebview } from "./pages.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) =>
  data?.gallery
    ? galleryMeta(data.gallery, data.origin)
    : data?.project
      ? projectMeta(data.project, data.origin)
      : [{ title: "Project not found" }, { name: "robots", content: "noindex" }];

// The published gallery with this slug comes first; otherwise the project with
// this project name, so the project form's Open Preview works. At most two
// database round trips either way.
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadWebview(request, context, params.slug);
}

export default function WebviewRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.card && loaderData.gallery) {
    return <GalleryEmbedCard gallery={loaderData.gallery} origin={loaderData.origin} />;
  }
  if (loaderData.card && loaderData.project) {
    return <ProjectEmbedCard project={loaderData.project} origin={loaderData.origin} />;
  }
  if (loaderData.gallery) {
    return (
      <EmbedFrame>
        <StaffBar staff={loaderData.staff} />
        <GalleryPage gallery={loaderData.gallery} />
        <RequestQuoteSlot gallery={loaderData.gallery} />
        <OembedDiscovery origin={loaderData.origin} gallery={loaderData.gallery} />
      </EmbedFrame>
    );
  }
  return (
    <EmbedFrame>
      <StaffBar staff={loaderData.staff} />
      {loaderData.project ? (
        <ProjectPage project={loaderData.project} inquiryHref={projectInquiryPath(loaderData.project.id)} />
      ) : (
        <ProjectNotFound />
      )}
      <RequestQuoteSlot project={loaderData.project} />
      <OembedDiscovery origin={loaderData.origin} project={loaderData.project} />
    </EmbedFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <EmbedFrame>
      <GalleryError message={message} />
    </EmbedFrame>
  );
}
