// The second step of signing in: the code from the app, or (a link away) a recovery code.
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { twoFactorCodeSchema } from "../schema";

export function TwoFactorCodeForm({
  recovery,
  redirectTo,
  lastResult,
}: {
  recovery: boolean;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const pending = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: recovery ? "two-factor-recovery" : "two-factor-code",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const other = new URLSearchParams({ redirectTo, ...(recovery ? {} : { recovery: "1" }) });
  return (
    <>
      <Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="kind" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {recovery ? (
          <TextField label="Recovery Code" field={fields.code} autoComplete="off" spellCheck={false} />
        ) : (
          <TextField
            label="Code"
            field={fields.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
          />
        )}
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? "Checking..." : "Verify"}
        </Button>
      </Form>
      <p className="text-center text-sm">
        <Link to={`/auth/two-factor?${other}`} className="underline underline-offset-4">
          {recovery ? "Use a code from your authenticator app" : "Lost your phone? Use a recovery code"}
        </Link>
      </p>
    </>
  );
}
