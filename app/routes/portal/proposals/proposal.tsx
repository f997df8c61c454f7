import { PortalError } from "~/domain/portal/components/portal-error";
import { PortalShell } from "~/domain/portal/components/portal-shell";
import { PortalProposal } from "~/domain/proposal-portal/components/portal-proposal";
import { ProposalAnswers } from "~/domain/proposal-portal/components/proposal-answers";
import type { Route } from "./+types/proposal";
import { portalPage } from "../middleware.server";
import { loadPortalProposal, portalProposalAction } from "./pages.server";

export const middleware: Route.MiddlewareFunction[] = [portalPage];

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.proposal.title ?? "Proposal"} · ${data?.company.name ?? "Client portal"}` },
  { name: "robots", content: "noindex" },
];

export function loader({ request, params, context }: Route.LoaderArgs) {
  return loadPortalProposal(request, context, params.id);
}

export function action({ request, params, context }: Route.ActionArgs) {
  return portalProposalAction(request, context, params.id);
}

export default function PortalProposalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal } = loaderData;
  return (
    <PortalShell company={loaderData.company} person={loaderData.person}>
      {/* Keyed by status and version: an answer, or a new version, starts the forms and the ticks afresh. */}
      <PortalProposal key={`${proposal.status}-${proposal.number}`} proposal={proposal}>
        {({ chosen, total }) => (
          <ProposalAnswers proposal={proposal} chosen={chosen} total={total} answer={actionData} />
        )}
      </PortalProposal>
    </PortalShell>
  );
}

export function ErrorBoundary() {
  return <PortalError />;
}
