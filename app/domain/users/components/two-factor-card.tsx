// Your Account → Two-factor sign-in: its state, set it up, new recovery codes, turn it off.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, useFetcher } from "react-router";
import { FormSection } from "~/components/form-section";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { twoFactorPasswordSchema } from "../schema";
import { RecoveryCodes } from "./recovery-codes";

type Answer = ActionResult & { recoveryCodes?: string[] };

export function TwoFactorCard({ enabled, required }: { enabled: boolean; required: boolean }) {
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "account-two-factor",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: twoFactorPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  if (!enabled) {
    return (
      <FormSection
        title="Two-factor sign-in"
        description="Off. Add a second step to signing in: a code from an authenticator app on your phone."
      >
        <Button asChild className="justify-self-start">
          <Link to="/auth/two-factor/setup">Set Up Two-Factor Sign-In</Link>
        </Button>
      </FormSection>
    );
  }
  const codes = fetcher.data?.recoveryCodes;
  return (
    <FormSection
      title="Two-factor sign-in"
      description={
        required
          ? "On. Your team requires it for all staff."
          : "On. Signing in asks for a code from your authenticator app, or one of your recovery codes."
      }
    >
      {codes ? <RecoveryCodes codes={codes} /> : null}
      <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <TextField
          label="Current Password"
          field={fields.currentPassword}
          type="password"
          autoComplete="current-password"
          description="Needed to make new recovery codes or to turn two-factor sign-in off."
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="recovery-codes" variant="outline" disabled={busy}>
            New Recovery Codes
          </Button>
          {required ? null : (
            <Button type="submit" name="intent" value="two-factor-off" variant="destructive" disabled={busy}>
              Turn Off Two-Factor Sign-In
            </Button>
          )}
        </div>
      </fetcher.Form>
    </FormSection>
  );
}
