import { AlsoEditing } from "~/components/also-editing";
import { PageHeader } from "~/components/page-header";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/detail";
import { loadProposalPage } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.proposal.title ?? "Proposal"} · Proposals · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadProposalPage(request, params.id);
  return { ...loaded, ...(await recordPageReads("proposal", loaded.proposal.id)) };
}

export default function ProposalRoute({ loaderData }: Route.ComponentProps) {
  const { proposal } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <AlsoEditing presence={loaderData.presence} noun="proposal" />
      <PageHeader
        title={proposal.title}
        description={proposal.clientName}
        back={{ to: "/admin/proposals", label: "Proposals" }}
      >
        <ProposalStatusBadge status={proposal.status} />
      </PageHeader>
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
