// One inquiry: who asked, about what, their message; staff's follow-up
// (status and notes); and Create client, which fills the client and contact
// forms from it.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { numericDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { SelectField } from "~/ui/select-field";
import { TextareaField } from "~/ui/textarea-field";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, inquiryFollowUpSchema, type InquiryStatus } from "../schema";
import { InquiryStatusBadge } from "./inquiry-status-badge";

export interface InquiryDetailData {
  id: string;
  name: string;
  email: string;
  organisation: string;
  phone: string | null;
  message: string;
  status: InquiryStatus;
  notes: string | null;
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

export function InquiryDetail({ inquiry, answer }: { inquiry: InquiryDetailData; answer?: ActionResult }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const [form, fields] = useForm({
    id: `inquiry-${inquiry.id}`,
    lastResult: answer?.result,
    defaultValue: { status: inquiry.status, notes: inquiry.notes ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquiryFollowUpSchema }),
    shouldValidate: "onSubmit",
  });
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
        <Button asChild>
          <Link to={`/admin/clients/new?inquiry=${inquiry.id}`}>
            <UserPlus aria-hidden="true" />
            Create client
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
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Follow-up</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="grid gap-5">
            <input type="hidden" name="version" value={answer?.version ?? inquiry.version} />
            <SelectField
              label="Status"
              field={fields.status}
              placeholder="Choose a status"
              options={INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }))}
              className="max-w-xs"
            />
            <TextareaField label="Notes" field={fields.notes} rows={5} />
            <Button type="submit" disabled={saving} className="justify-self-start">
              {saving ? "Saving..." : "Save follow-up"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
