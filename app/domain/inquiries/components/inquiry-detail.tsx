// One inquiry: who asked, about what, their message; staff's follow-up
// (stage, owner, next action), its timeline of notes and stage changes; and
// Won: create client, which makes the client and its contact from it in one step.
import { Building2, FileText, UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { numericDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import type { InquiryStatus } from "../schema";
import { InquiryFollowUp } from "./inquiry-follow-up";
import { InquiryStatusBadge } from "./inquiry-status-badge";
import { InquiryTimeline, type TimelineItem } from "./inquiry-timeline";

export interface InquiryDetailData {
  id: string;
  name: string;
  email: string;
  organisation: string;
  phone: string | null;
  message: string;
  status: InquiryStatus;
  lostReason: string | null;
  ownerId: string | null;
  nextActionOn: string | null;
  clientId: string | null;
  sourceTitle: string | null;
  projectId: string | null;
  gallerySlug: string | null;
  received: string;
  version: string;
}

function Source({ inquiry }: { inquiry: InquiryDetailData }) {
  if (inquiry.projectId) {
    return (
      <Link to={`/admin/projects/${inquiry.projectId}/edit`} className="underline">
        Project: {inquiry.sourceTitle}
      </Link>
    );
  }
  if (inquiry.gallerySlug) {
    return (
      <Link to={`/admin/gallery/${inquiry.gallerySlug}`} className="underline">
        Gallery: {inquiry.sourceTitle}
      </Link>
    );
  }
  return <span>{inquiry.sourceTitle ?? "—"}</span>;
}

/** The one-step conversion, or the client it became. */
function ClientAction({ inquiry }: { inquiry: InquiryDetailData }) {
  const navigation = useNavigation();
  if (inquiry.clientId) {
    return (
      <Button asChild variant="outline">
        <Link to={`/admin/clients/${inquiry.clientId}/edit`}>
          <Building2 aria-hidden="true" />
          Open client
        </Link>
      </Button>
    );
  }
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "won-client";
  return (
    <Form method="post">
      <Button type="submit" name="intent" value="won-client" disabled={busy}>
        <UserPlus aria-hidden="true" />
        {busy ? "Creating..." : "Won: create client"}
      </Button>
    </Form>
  );
}

export function InquiryDetail({
  inquiry,
  owners,
  timeline,
  answer,
  followUpKey,
  proposals,
}: {
  inquiry: InquiryDetailData;
  /** The proposals made for it (the proposals' own card: the route brings it). */
  proposals?: React.ReactNode;
  owners: { id: string; name: string }[];
  timeline: TimelineItem[];
  answer?: ActionResult;
  /** Moves when this page's own follow-up save lands, so the form starts again from what it made. */
  followUpKey: string;
}) {
  const facts: [string, React.ReactNode][] = [
    [
      "Email",
      <a key="email" href={`mailto:${inquiry.email}`} className="underline">
        {inquiry.email}
      </a>,
    ],
    ["Organisation", inquiry.organisation],
    ["Phone", inquiry.phone ?? "—"],
    ["Received", numericDate(inquiry.received)],
    ["About", <Source key="source" inquiry={inquiry} />],
  ];
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title={inquiry.name}
        description={`Inquiry from ${inquiry.organisation}`}
        back={{ to: "/admin/inquiries", label: "Back to inquiries" }}
        badge={<InquiryStatusBadge status={inquiry.status} />}
      >
        <ClientAction inquiry={inquiry} />
        <Button asChild variant="outline">
          <Link to={`/admin/proposals/new?inquiry=${inquiry.id}`}>
            <FileText aria-hidden="true" />
            Create proposal
          </Link>
        </Button>
      </PageHeader>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Request</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted-foreground">{term}</dt>
                <dd className="min-w-0 break-words">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="rounded-md bg-muted/50 p-4 whitespace-pre-wrap">{inquiry.message}</p>
        </CardContent>
      </Card>
      {proposals}
      <InquiryFollowUp key={followUpKey} inquiry={inquiry} owners={owners} answer={answer} />
      <InquiryTimeline inquiryId={inquiry.id} entries={timeline} />
    </div>
  );
}
