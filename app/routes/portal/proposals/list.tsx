import { PortalError } from "~/domain/portal/components/portal-error";
import { PortalShell } from "~/domain/portal/components/portal-shell";
import { ProposalList } from "~/domain/proposal-portal/components/proposal-list";
import type { Route } from "./+types/list";
import { portalPage } from "../middleware.server";
import { loadPortalProposals } from "./pages.server";

export const middleware: Route.MiddlewareFunction[] = [portalPage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Your proposals · ${data?.company.name ?? "Client portal"}` },
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return loadPortalProposals(request);
}

export default function PortalProposals({ loaderData }: Route.ComponentProps) {
  const { person, proposals } = loaderData;
  return (
    <PortalShell company={loaderData.company} person={person}>
      <div className="grid gap-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your proposals</h1>
          <p className="text-muted-foreground">The proposals we sent {person.clientName}.</p>
        </div>
        <ProposalList proposals={proposals} />
      </div>
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <PortalError />;
}
