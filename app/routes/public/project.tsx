import { embeddablePage } from "~/.server/http/embeddable";
import { OembedDiscovery } from "~/domain/embeds/components/oembed-discovery";
import { projectInquiryPath, RequestQuoteSlot } from "~/domain/inquiries/components/request-quote-link";
import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { ProjectNotFound, ProjectPage } from "~/domain/library/components/project-page";
import { PublicShell } from "~/domain/library/components/public-shell";
import { libraryQuery } from "~/domain/library/library";
import { projectMeta } from "./seo";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/project";
import { loadProjectRoute } from "./pages.server";

export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [embeddablePage];

export const meta: Route.MetaFunction = ({ data }) =>
  data?.project
    ? projectMeta(data.project, data.origin)
    : [{ title: "Project not found" }, { name: "robots", content: "noindex" }];

// The library-style project page: the library's header (whose search goes to
// the library with the filters applied) and footer around the project.
export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadProjectRoute(request, context, params.slug);
}

export default function ProjectRoute({ loaderData }: Route.ComponentProps) {
  const query = libraryQuery(new URLSearchParams());
  return (
    <EmbedFrame>
      <PublicShell chrome={loaderData.chrome} query={query} staff={loaderData.staff}>
        {loaderData.project ? (
          <ProjectPage project={loaderData.project} inquiryHref={projectInquiryPath(loaderData.project.id)} />
        ) : (
          <ProjectNotFound />
        )}
        <RequestQuoteSlot project={loaderData.project} />
        <OembedDiscovery origin={loaderData.origin} project={loaderData.project} />
      </PublicShell>
    </EmbedFrame>
  );
}
