import { InquiryDetail } from "~/domain/inquiries/components/inquiry-detail";
import type { Route } from "./+types/detail";
import { inquiryFollowUpAction, loadInquiry } from "./detail.server";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.inquiry.name ?? "Inquiry"} · Inquiries · Playfolio Admin` },
];

export function loader({ request, params }: Route.LoaderArgs) {
  return loadInquiry(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return inquiryFollowUpAction(request, params.id);
}

export default function InquiryRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InquiryDetail key={loaderData.inquiry.id} inquiry={loaderData.inquiry} answer={actionData} />;
}
