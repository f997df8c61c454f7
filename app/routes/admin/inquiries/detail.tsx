import { AlsoEditing } from "~/components/also-editing";
import { useOwnSaveKey } from "~/components/changed-underneath";
import { InquiryDetail } from "~/domain/inquiries/components/inquiry-detail";
import { HistoryPanel } from "~/domain/history/components/history-panel";
import { InquiryProposals } from "~/domain/proposals/components/inquiry-proposals";
import { recordPageReads } from "~/routes/shared/record-page.server";
import type { Route } from "./+types/detail";
import { inquiryAction, loadInquiry } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.inquiry.name ?? "Inquiry"} · Inquiries · Playfolio Admin` },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const loaded = await loadInquiry(request, params.id);
  return { ...loaded, ...(await recordPageReads("inquiry", loaded.inquiry.id)) };
}

export function action({ request, params }: Route.ActionArgs) {
  return inquiryAction(request, params.id);
}

export default function InquiryRoute({ loaderData, actionData }: Route.ComponentProps) {
  // The page stays open after its own follow-up save: the form starts again from what that save made
  // (a note moves nothing); others' changes it only shows.
  const followUpKey = useOwnSaveKey(
    actionData?.intent === "follow-up" ? actionData : undefined,
    loaderData.inquiry.version,
  );
  return (
    <div className="space-y-8">
      <AlsoEditing presence={loaderData.presence} noun="inquiry" className="mx-auto max-w-3xl" />
      <InquiryDetail
        key={loaderData.inquiry.id}
        inquiry={loaderData.inquiry}
        owners={loaderData.owners}
        timeline={loaderData.timeline}
        answer={actionData}
        followUpKey={followUpKey}
        proposals={<InquiryProposals inquiryId={loaderData.inquiry.id} proposals={loaderData.proposals} />}
      />
      <HistoryPanel entries={loaderData.history} className="max-w-3xl" />
    </div>
  );
}
