// Staff's follow-up of an inquiry: its stage (why, when lost), who owns it and
// when its next step is due. Each stage change lands on the timeline.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
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
  const [form, fields] = useForm({
    id: `inquiry-${inquiry.id}`,
    lastResult: answer?.intent === "follow-up" ? answer.result : undefined,
    defaultValue: {
      status: inquiry.status,
      lostReason: inquiry.lostReason ?? "",
      ownerId: inquiry.ownerId ?? "",
      nextActionOn: inquiry.nextActionOn ?? "",
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquiryFollowUpSchema }),
    shouldValidate: "onSubmit",
  });
  // An owner who has left stays shown (and kept) until someone else takes it on.
  const choices =
    inquiry.ownerId && !owners.some((owner) => owner.id === inquiry.ownerId)
      ? [...owners, { id: inquiry.ownerId, name: "Someone no longer on the team" }]
      : owners;
  const lost = (fields.status.value ?? inquiry.status) === "lost";
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
          <input type="hidden" name="version" value={answer?.version ?? inquiry.version} />
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
