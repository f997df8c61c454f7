// /admin/proposals/:id/edit: the proposal's draft version in the editor.
import { Link } from "react-router";
import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { PageHeader } from "~/components/page-header";
import { ProposalEditor } from "~/domain/proposals/components/proposal-editor";
import { ProposalStatusBadge } from "~/domain/proposals/components/proposal-status-badge";
import { PROPOSAL_STATUS_LABELS } from "~/domain/proposals/forms";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/edit";
import { loadProposalEditor, proposalEditorAction } from "./edit.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Edit ${data?.proposal.title ?? "Proposal"} · Proposals · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadProposalEditor(request, params.id);
  return { ...loaded, ...(await recordPageReads("proposal", loaded.proposal.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return proposalEditorAction(request, params.id);
}

export default function ProposalEditorRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { proposal, draftNumber, startsNewVersion, closed } = loaderData;
  // After its own save the editor starts again from what was saved (numbers written the company's way).
  const formKey = useOwnSaveKey(actionData, proposal.version);
  const sent = proposal.versions.find((version) => version.sentAt);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <AlsoEditing presence={loaderData.presence} noun="proposal" />
      <PageHeader
        title="Edit Proposal"
        description={`${proposal.clientName} · ${closed ? `v${proposal.versions[0]?.number ?? 1}` : `v${draftNumber} (draft)`}`}
        back={{ to: `/admin/proposals/${proposal.id}`, label: "Back to the proposal" }}
        badge={<ProposalStatusBadge status={proposal.status} />}
      />
      {closed ? (
        <p className="rounded-md border p-4">
          {`This proposal was ${PROPOSAL_STATUS_LABELS[proposal.storedStatus].toLowerCase()}: it can no longer change. `}
          <Link to="/admin/proposals/new" className="underline underline-offset-4">
            Start a new proposal
          </Link>
        </p>
      ) : (
        <>
          {startsNewVersion && sent ? (
            <p role="note" className="rounded-md border border-sky-300 bg-sky-50 p-4 text-sm text-sky-950">
              {`v${sent.number} was sent. Saving starts v${draftNumber}, a new draft; the client keeps seeing v${sent.number} until it is sent.`}
            </p>
          ) : null}
          <ProposalEditor
            key={`${proposal.id}:${formKey}`}
            proposal={proposal}
            content={loaderData.content}
            projects={loaderData.projects}
            catalogue={loaderData.catalogue}
            pictures={loaderData.pictures}
            money={loaderData.money}
            pricing={loaderData.pricing}
            answer={actionData}
          />
        </>
      )}
    </div>
  );
}
