// The new proposal's form: the client (required), a title, one of that
// client's projects, a template to start from and the valid-until date. From
// an inquiry, the inquiry rides along (hidden) and its client comes chosen.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/page-header";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent } from "~/ui/card";
import { Field, FieldDescription, FieldError } from "~/ui/field";
import { Label, Required } from "~/ui/label";
import { NativeSelect } from "~/ui/native-select";
import { TextField } from "~/ui/text-field";
import { newProposalSchema } from "../forms";

export interface NewProposalChoices {
  clients: { id: string; name: string }[];
  projects: { id: string; title: string; clientId: string }[];
  templates: { id: string; name: string }[];
  /** From "Create proposal" on an inquiry. */
  prefill: { inquiryId: string; inquiryName: string; clientId: string | null; title: string } | null;
}

export function NewProposalForm({ choices, answer }: { choices: NewProposalChoices; answer?: ActionResult }) {
  const navigation = useNavigation();
  const { prefill } = choices;
  const [form, fields] = useForm({
    id: "new-proposal",
    lastResult: answer?.result,
    defaultValue: { clientId: prefill?.clientId ?? "", title: prefill?.title ?? "", inquiryId: prefill?.inquiryId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newProposalSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const [clientId, setClientId] = useState(prefill?.clientId ?? "");
  const projects = choices.projects.filter((project) => project.clientId === clientId);
  const saving = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { key: clientKey, ...clientProps } = getSelectProps(fields.clientId);
  const { key: projectKey, ...projectProps } = getSelectProps(fields.projectId);
  const { key: templateKey, ...templateProps } = getSelectProps(fields.templateId);

  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <PageHeader
        title="New Proposal"
        description={
          prefill
            ? `For the inquiry from ${prefill.inquiryName}: a priced design for the client.`
            : "A priced design for a client: choose who it is for, then add its sections and lines."
        }
        back={{ to: "/admin/proposals", label: "Back to proposals" }}
      />
      <Card>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="grid gap-5">
            {prefill ? <input type="hidden" name={fields.inquiryId.name} value={prefill.inquiryId} /> : null}
            <Field>
              <Label htmlFor={fields.clientId.id}>
                <Required>Client</Required>
              </Label>
              <NativeSelect
                key={clientKey}
                {...clientProps}
                aria-describedby={
                  [
                    fields.clientId.errors ? fields.clientId.errorId : null,
                    prefill && !prefill.clientId ? fields.clientId.descriptionId : null,
                  ]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                onChange={(event) => setClientId(event.target.value)}
              >
                <option value="">Select a client</option>
                {choices.clients.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.name}
                  </option>
                ))}
              </NativeSelect>
              {prefill && !prefill.clientId ? (
                <FieldDescription id={fields.clientId.descriptionId}>
                  This inquiry is not a client yet: choose one, or mark the inquiry won to make its client first.
                </FieldDescription>
              ) : null}
              <FieldError id={fields.clientId.errorId} errors={fields.clientId.errors} />
            </Field>
            <TextField label={<Required>Title</Required>} field={fields.title} maxLength={200} />
            <div className="grid items-start gap-5 sm:grid-cols-2">
              <Field>
                <Label htmlFor={fields.projectId.id}>Project</Label>
                <NativeSelect key={`${projectKey}:${clientId}`} {...projectProps} disabled={!clientId}>
                  <option value="">{clientId ? "No project" : "Choose a client first"}</option>
                  {projects.map((project) => (
                    <option key={project.id} value={project.id}>
                      {project.title}
                    </option>
                  ))}
                </NativeSelect>
                <FieldError id={fields.projectId.errorId} errors={fields.projectId.errors} />
              </Field>
              <TextField label="Valid until" field={fields.validUntil} type="date" />
            </div>
            <Field>
              <Label htmlFor={fields.templateId.id}>Start from a template</Label>
              <NativeSelect key={templateKey} {...templateProps}>
                <option value="">Blank proposal</option>
                {choices.templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={fields.templateId.errorId} errors={fields.templateId.errors} />
            </Field>
            <FieldError id={form.errorId} errors={form.errors} />
            <div className="flex justify-end gap-2">
              <Button asChild variant="outline">
                <Link to={prefill ? `/admin/inquiries/${prefill.inquiryId}` : "/admin/proposals"}>Cancel</Link>
              </Button>
              <Button type="submit" disabled={saving}>
                {saving ? "Creating..." : "Create Proposal"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
