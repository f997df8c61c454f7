import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { signInSchema } from "../schema";

export function SignInForm({
  redirectTo,
  lastResult,
}: {
  redirectTo: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [form, fields] = useForm({
    id: "sign-in",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signInSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField label="Email" field={fields.email} type="email" autoComplete="email" />
      <TextField label="Password" field={fields.password} type="password" autoComplete="current-password" />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Signing in..." : "Sign In"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/forgot-password" className="underline underline-offset-4">
          Forgot your password?
        </Link>
      </p>
    </Form>
  );
}
