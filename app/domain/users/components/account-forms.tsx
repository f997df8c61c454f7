// The account page's forms: name, password, address. Each posts through its own
// fetcher, so each shows its own answer.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import { FormSection } from "~/components/form-section";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { changeEmailSchema, changeNameSchema, changePasswordSchema } from "../schema";

/** The fetcher of one of the forms, and the options every one of them gives Conform. */
function useAccountFetcher(intent: string) {
  const fetcher = useFetcher<ActionResult>();
  const options = {
    id: `account-${intent}`,
    lastResult: fetcher.data?.intent === intent ? fetcher.data.result : undefined,
    shouldValidate: "onSubmit" as const,
    shouldRevalidate: "onInput" as const,
  };
  return { fetcher, options, busy: fetcher.state !== "idle" };
}

export function NameForm({ name }: { name: string }) {
  const { fetcher, options, busy } = useAccountFetcher("name");
  const [form, fields] = useForm({
    ...options,
    defaultValue: { name },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeNameSchema }),
  });
  return (
    <FormSection title="Name" description="How your name appears to your colleagues and on what you make.">
      <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="name" />
        <TextField label="Full Name" field={fields.name} autoComplete="name" />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Saving..." : "Save Name"}
        </Button>
      </fetcher.Form>
    </FormSection>
  );
}

export function EmailForm({ email }: { email: string }) {
  const { fetcher, options, busy } = useAccountFetcher("email");
  const [form, fields] = useForm({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeEmailSchema }),
  });
  const sent = fetcher.data?.intent === "email" && fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <FormSection
      title="Email"
      description={
        <>
          You sign in with <strong className="text-foreground">{email}</strong>. A new address takes effect once you
          follow the link we mail to it.
        </>
      }
    >
      {sent ? (
        <p role="status" className="rounded-md border bg-muted p-3 text-sm">
          {sent}
        </p>
      ) : null}
      <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="email" />
        <TextField label="New Email" field={fields.newEmail} type="email" autoComplete="email" />
        <TextField
          label="Current Password"
          field={fields.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Sending..." : "Change Email"}
        </Button>
      </fetcher.Form>
    </FormSection>
  );
}

export function PasswordForm() {
  const { fetcher, options, busy } = useAccountFetcher("password");
  const [form, fields] = useForm({
    ...options,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  return (
    <FormSection title="Password" description="Changing your password signs you out on every other device.">
      <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <TextField
          label="Current Password"
          field={fields.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <TextField label="New Password" field={fields.newPassword} type="password" autoComplete="new-password" />
        <TextField
          label="Confirm New Password"
          field={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? "Saving..." : "Change Password"}
        </Button>
      </fetcher.Form>
    </FormSection>
  );
}
