import { EmbedFrame } from "~/domain/library/components/embed-frame";
import { PortalError } from "~/domain/portal/components/portal-error";
import { PortalProject } from "~/domain/portal/components/portal-project";
import { PortalShell } from "~/domain/portal/components/portal-shell";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/project";
import { portalPage } from "./middleware.server";
import { loadPortalProject } from "./pages.server";

// Server-rendered with the public project page's small script (lightbox, slider), like that page.
export const handle: RouteHandle = { hydrate: false };
export const middleware: Route.MiddlewareFunction[] = [portalPage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.project.title ?? "Project"} · ${data?.company.name ?? "Client portal"}` },
  { name: "robots", content: "noindex" },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadPortalProject(request, params.id);
}

export default function PortalProjectPage({ loaderData }: Route.ComponentProps) {
  return (
    <EmbedFrame>
      <PortalShell company={loaderData.company} person={loaderData.person}>
        <PortalProject project={loaderData.project} contracts={loaderData.contracts} />
      </PortalShell>
    </EmbedFrame>
  );
}

export function ErrorBoundary() {
  return <PortalError />;
}
