import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { forgotPasswordSchema } from "../schema";

export function ForgotPasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const pending = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Sending..." : "Send Reset Link"}
      </Button>
    </Form>
  );
}
