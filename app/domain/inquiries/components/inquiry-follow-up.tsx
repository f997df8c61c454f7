// Staff's follow-up of an inquiry: its stage (why, when lost), who owns it and
// when its next step is due. Each stage change lands on the timeline. The page
// re-reads itself when someone else changes the inquiry: the form keeps what was
// typed and the version it was opened with, and says who changed what.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ChangedUnderneathBanner, useChangedUnderneath } from "~/components/changed-underneath";
import type { ActionResult } from "~/lib/action-result";
import { numericDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { INQUIRY_STATUS_LABELS, INQUIRY_STATUSES, inquiryFollowUpSchema, type InquiryStatus } from "../schema";

export interface FollowUpValues {
  id: string;
  status: InquiryStatus;
  lostReason: string | null;
  ownerId: string | null;
  nextActionOn: string | null;
  version: string;
}

/** The fields as the form names them, for saying what someone else changed. */
const LABELS = { status: "Stage", ownerId: "Owner", nextActionOn: "Next action", lostReason: "Why it was lost" };

export function InquiryFollowUp({
  inquiry,
  owners,
  answer,
}: {
  inquiry: FollowUpValues;
  owners: { id: string; name: string }[];
  answer?: ActionResult;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "follow-up";
  const followUpAnswer = answer?.intent === "follow-up" ? answer : undefined;
  // What the form was opened with: a live re-read of the inquiry must not touch what is typed.
  const [opened] = useState(inquiry);
  const ownerName = (id: string | null) =>
    owners.find((owner) => owner.id === id)?.name ?? (id ? "Someone no longer on the team" : "");
  const underneath = useChangedUnderneath({
    kind: "inquiry",
    id: inquiry.id,
    version: inquiry.version,
    answerVersion: followUpAnswer?.version,
    texts: {
      status: INQUIRY_STATUS_LABELS[inquiry.status],
      ownerId: ownerName(inquiry.ownerId),
      nextActionOn: numericDate(inquiry.nextActionOn) ?? "",
      lostReason: inquiry.lostReason ?? "",
    },
    labels: LABELS,
  });
  const [form, fields] = useForm({
    id: `inquiry-${inquiry.id}`,
    lastResult: followUpAnswer?.result,
    defaultValue: {
      status: opened.status,
      lostReason: opened.lostReason ?? "",
      ownerId: opened.ownerId ?? "",
      nextActionOn: opened.nextActionOn ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquiryFollowUpSchema }),
    shouldValidate: "onSubmit",
  });
  // An owner who has left stays shown (and kept) until someone else takes it on.
  const choices =
    opened.ownerId && !owners.some((owner) => owner.id === opened.ownerId)
      ? [...owners, { id: opened.ownerId, name: "Someone no longer on the team" }]
      : owners;
  const lost = (fields.status.value ?? opened.status) === "lost";
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Follow-up</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-5">
          <input type="hidden" name="intent" value="follow-up" />
          <ChangedUnderneathBanner change={underneath.change} />
          <input type="hidden" name="version" value={underneath.version} data-opened-version="" />
          <div className="grid gap-5 sm:grid-cols-3">
            <SelectField
              label="Stage"
              field={fields.status}
              placeholder="Choose a stage"
              options={INQUIRY_STATUSES.map((value) => ({ value, label: INQUIRY_STATUS_LABELS[value] }))}
            />
            <SelectField
              label="Owner"
              field={fields.ownerId}
              placeholder="Nobody yet"
              options={choices.map((owner) => ({ value: owner.id, label: owner.name }))}
            />
            <TextField label="Next action" type="date" field={fields.nextActionOn} />
          </div>
          {lost ? <TextField label="Why it was lost" field={fields.lostReason} maxLength={500} /> : null}
          <Button type="submit" disabled={saving} className="justify-self-start">
            {saving ? "Saving..." : "Save follow-up"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
