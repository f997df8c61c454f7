// /admin/proposals/:id: the proposal's status and links, its actions (edit,
// send, withdraw, delete), its versions with their PDFs, the changes thread
// and its history.
import { Link } from "react-router";
import { AlsoEditing } from "~/components/also-editing";
import { PageHeader } from "~/components/page-header";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { ProposalAcceptance } from "~/domain/proposals/components/proposal-acceptance";
import { ProposalActions } from "~/domain/proposals/components/proposal-actions";
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { ProposalThread } from "~/domain/proposals/components/proposal-thread";
import { ProposalVersions } from "~/domain/proposals/components/proposal-versions";
import { SaveAsTemplate } from "~/domain/proposals/components/save-as-template";
import { longDate } from "~/lib/format";
import { recordPageReads } from "~/routes/shared/record-page.server";
import { Card, CardContent } from "~/ui/card";
import { DescriptionItem } from "~/ui/description-item";
import type { Route } from "./+types/detail";
import { loadProposalPage, proposalAction } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.proposal.title ?? "Proposal"} · Proposals · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadProposalPage(request, params.id);
  return { ...loaded, ...(await recordPageReads("proposal", loaded.proposal.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return proposalAction(request, params.id);
}

export default function ProposalRoute({ loaderData }: Route.ComponentProps) {
  const { proposal, choices, comments } = loaderData;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6">
      <AlsoEditing presence={loaderData.presence} noun="proposal" />
      <PageHeader
        title={proposal.title}
        description={proposal.clientName}
        back={{ to: "/admin/proposals", label: "Back to proposals" }}
        badge={<ProposalStatusBadge status={proposal.status} />}
      >
        <ProposalActions proposal={proposal} choices={choices} />
        {proposal.versions[0] ? <SaveAsTemplate versionId={proposal.versions[0].id} title={proposal.title} /> : null}
      </PageHeader>
      <Card aria-label="Details">
        <CardContent>
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <DescriptionItem term="Client">
              <Link className="underline underline-offset-4" to={`/admin/clients/${proposal.clientId}/edit`}>
                {proposal.clientName}
              </Link>
            </DescriptionItem>
            <DescriptionItem term="Project">
              {proposal.projectId ? (
                <Link className="underline underline-offset-4" to={`/admin/projects/${proposal.projectId}/edit`}>
                  {proposal.projectTitle}
                </Link>
              ) : (
                "None yet"
              )}
            </DescriptionItem>
            <DescriptionItem term="Inquiry">
              {proposal.inquiryId ? (
                <Link className="underline underline-offset-4" to={`/admin/inquiries/${proposal.inquiryId}`}>
                  {proposal.inquiryName}
                </Link>
              ) : (
                "None"
              )}
            </DescriptionItem>
            <DescriptionItem term="Valid until">
              {proposal.validUntil ? longDate(proposal.validUntil) : "No date"}
            </DescriptionItem>
            <DescriptionItem term="Owner">{proposal.ownerName ?? "No one"}</DescriptionItem>
          </dl>
        </CardContent>
      </Card>
      <ProposalAcceptance acceptance={loaderData.acceptance} />
      <ProposalVersions proposalId={proposal.id} versions={proposal.versions} />
      <ProposalThread comments={comments} />
      <HistoryPanel entries={loaderData.history} />
    </div>
  );
}
