// Setting up two-factor sign-in: the password, then the QR code (and its key, to
// type in by hand), the recovery codes, and a first code to confirm.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useFetcher, useNavigation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { enrolCodeSchema, enrolPasswordSchema } from "../schema";
import { RecoveryCodes } from "./recovery-codes";

export function EnrolPasswordForm({ lastResult }: { lastResult?: ActionResult["result"] }) {
  const pending = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "two-factor-start",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrolPasswordSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="start" />
      <TextField
        label="Current Password"
        field={fields.currentPassword}
        type="password"
        autoComplete="current-password"
      />
      <Button type="submit" disabled={pending} className="w-full">
        {pending ? "Starting..." : "Continue"}
      </Button>
    </Form>
  );
}

/** The setup key in groups of four, easier to type into an app. */
function grouped(secret: string) {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

export function EnrolConfirm({
  qrSvg,
  secret,
  recoveryCodes,
}: {
  qrSvg: string;
  secret: string;
  recoveryCodes: string[];
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "two-factor-confirm",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: enrolCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="grid gap-4">
      <ol className="grid list-decimal gap-2 pl-5 text-sm">
        <li>Open your authenticator app (Google Authenticator, 1Password, Authy…) and scan this code.</li>
        <li>Save the recovery codes below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div
        role="img"
        aria-label="QR code to scan with your authenticator app"
        className="mx-auto w-48 rounded-md border bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
        // An SVG rendered on the server by the qrcode package from our own URI: no scripts, no outside input.
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <p className="text-sm">
        Cannot scan? Enter this setup key in the app:{" "}
        <code className="rounded bg-muted px-1 font-mono break-words" data-testid="setup-key">
          {grouped(secret)}
        </code>
      </p>
      <RecoveryCodes codes={recoveryCodes} />
      <fetcher.Form method="post" className="grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="confirm" />
        <TextField
          label="Code from the app"
          field={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Checking..." : "Turn On Two-Factor Sign-In"}
        </Button>
      </fetcher.Form>
    </div>
  );
}
