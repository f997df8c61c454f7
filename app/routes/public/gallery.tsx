import { isRouteErrorResponse } from "react-router";
import { embeddablePage } from "~/.server/http/embeddable";
import { GalleryEmbedCard } from "~/domain/embeds/components/embed-card";
import { OembedDiscovery } from "~/domain/embeds/components/oembed-discovery";
import { RequestQuoteSlot } from "~/domain/inquiries/components/request-quote-link";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { GalleryError, GalleryNotFound, GalleryPage } from "~/domain/library/components/gallery-page";
import { StaffBar } from "~/domain/library/components/staff-bar";
import { galleryMeta } from "./seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/gallery";
import { loadGalleryRoute } from "./pages.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) =>
  data?.gallery
    ? galleryMeta(data.gallery, data.origin)
    : [{ title: "Gallery Not Found" }, { name: "robots", content: "noindex" }];

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadGalleryRoute(request, context, params.slug);
}

export default function GalleryRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.card && loaderData.gallery) {
    return <GalleryEmbedCard gallery={loaderData.gallery} origin={loaderData.origin} />;
  }
  return (
    <EmbedFrame>
      <StaffBar staff={loaderData.staff} />
      {loaderData.gallery ? <GalleryPage gallery={loaderData.gallery} /> : <GalleryNotFound />}
      <RequestQuoteSlot gallery={loaderData.gallery} />
      <OembedDiscovery origin={loaderData.origin} gallery={loaderData.gallery} />
    </EmbedFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Only messages meant for visitors (a thrown response's text); never an internal error's.
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return (
    <EmbedFrame>
      <GalleryError message={message} />
    </EmbedFrame>
  );
}
