import { embeddablePage } from "~/.server/http/embeddable";
import { ProjectEmbedCard } from "~/domain/embeds/components/embed-card";
import { OembedDiscovery } from "~/domain/embeds/components/oembed-discovery";
import { projectInquiryPath, RequestQuoteSlot } from "~/domain/inquiries/components/request-quote-link";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { ProjectNotFound, ProjectPage } from "~/domain/library/components/project-page";
import { StaffBar } from "~/domain/library/components/staff-bar";
import { projectMeta } from "./seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/project-preview";
import { loadProjectPreview } from "./pages.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) =>
  data?.project
    ? projectMeta(data.project, data.origin)
    : [{ title: "Project not found" }, { name: "robots", content: "noindex" }];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadProjectPreview(request, params.id);
}

export default function ProjectPreviewRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.card && loaderData.project) {
    return <ProjectEmbedCard project={loaderData.project} origin={loaderData.origin} />;
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
