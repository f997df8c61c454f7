import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { acceptInvitationSchema } from "../schema";

export function AcceptInvitationForm({
  token,
  siteName,
  lastResult,
}: {
  token: string;
  /** The company's name: what the invitee joins. */
  siteName: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "accept-invitation",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptInvitationSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="token" value={token} />
      <TextField label="Full Name" field={fields.fullName} autoComplete="name" />
      <TextField label="Password" field={fields.password} type="password" autoComplete="new-password" />
      <TextField label="Confirm Password" field={fields.confirmPassword} type="password" autoComplete="new-password" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Creating account..." : `Join ${siteName}`}
      </Button>
    </Form>
  );
}
