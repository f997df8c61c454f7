// The buyer's three answers to a proposal in the portal: accept (the consent,
// the typed name and, if they like, a drawn signature, as contracts are
// signed; the ticked options and the total they saw go with it), decline with
// a reason, or ask for changes with a comment.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { SignaturePad } from "~/domain/contracts/signing/components/signature-pad";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { TextareaField } from "~/ui/textarea-field";
import { ACCEPTANCE_CONSENT } from "../consent";
import { acceptFormSchema, changesFormSchema, declineFormSchema } from "../schema";

export const ACCEPT_FORM_ID = "accept-proposal";

export function AcceptForm({
  answer,
  total,
  totalText,
  versionSha256,
}: {
  answer?: ActionResult;
  total: number;
  totalText: string;
  versionSha256: string;
}) {
  const busy = useNavigation().formData?.get("intent") === "accept";
  const [form, fields] = useForm({
    id: ACCEPT_FORM_ID,
    lastResult: answer?.intent === "accept" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-5" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="accept" />
      <input type="hidden" name="expectedTotal" value={String(total)} />
      <input type="hidden" name="versionSha256" value={versionSha256} />
      <p className="text-sm">
        You accept at <strong className="tabular-nums">{totalText}</strong>, with the options ticked above.
      </p>
      <div className="grid gap-2">
        <div className="flex items-start gap-3 rounded-md border bg-muted/40 p-3">
          <input
            id={fields.consent.id}
            name={fields.consent.name}
            type="checkbox"
            value="on"
            aria-invalid={fields.consent.errors ? true : undefined}
            aria-describedby={fields.consent.errors ? fields.consent.errorId : undefined}
            className="mt-1 size-4 shrink-0 accent-primary"
          />
          <label htmlFor={fields.consent.id} className="text-sm leading-relaxed">
            {ACCEPTANCE_CONSENT}
          </label>
        </div>
        <FieldError id={fields.consent.errorId} errors={fields.consent.errors} />
      </div>
      <TextField
        label="Your full name"
        field={fields.fullName}
        autoComplete="name"
        maxLength={200}
        description="Typing your name accepts the proposal."
      />
      <SignaturePad name={fields.signature.name} />
      <FieldError id={fields.signature.errorId} errors={fields.signature.errors} />
      <FieldError id={fields.chosen.errorId} errors={fields.chosen.errors} />
      <FieldError id={fields.expectedTotal.errorId} errors={fields.expectedTotal.errors} />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={busy} className="w-full sm:w-fit">
        {busy ? "Accepting..." : "Accept proposal"}
      </Button>
    </Form>
  );
}

function OtherAnswer({
  intent,
  summary,
  label,
  field,
  button,
  busyLabel,
  answer,
  variant,
}: {
  intent: "decline" | "changes";
  summary: string;
  label: string;
  field: "reason" | "comment";
  button: string;
  busyLabel: string;
  answer?: ActionResult;
  variant: "destructive" | "outline";
}) {
  const busy = useNavigation().formData?.get("intent") === intent;
  const [form, fields] = useForm({
    id: `${intent}-proposal`,
    lastResult: answer?.intent === intent ? answer.result : undefined,
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: intent === "decline" ? declineFormSchema : changesFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <details className="rounded-lg border bg-background p-4" open={answer?.intent === intent ? true : undefined}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value={intent} />
        <TextareaField label={label} field={fields[field as keyof typeof fields]} rows={4} maxLength={4000} />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" variant={variant} disabled={busy} className="w-full sm:w-fit">
          {busy ? busyLabel : button}
        </Button>
      </Form>
    </details>
  );
}

export function ChangesForm({ answer }: { answer?: ActionResult }) {
  return (
    <OtherAnswer
      intent="changes"
      summary="Ask for changes"
      label="What would you like changed?"
      field="comment"
      button="Send request"
      busyLabel="Sending..."
      answer={answer}
      variant="outline"
    />
  );
}

export function DeclineForm({ answer }: { answer?: ActionResult }) {
  return (
    <OtherAnswer
      intent="decline"
      summary="Decline this proposal"
      label="Why do you decline?"
      field="reason"
      button="Decline proposal"
      busyLabel="Sending..."
      answer={answer}
      variant="destructive"
    />
  );
}
