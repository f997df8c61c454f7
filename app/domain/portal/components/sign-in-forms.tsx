// Signing in to the portal: the address, then the 6-digit code mailed to it.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { FieldError } from "~/ui/field";
import { TextField } from "~/ui/text-field";
import { portalCodeSchema, portalEmailSchema } from "../schema";

function SignInCard({
  title,
  description,
  children,
}: {
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle asChild className="text-2xl">
          <h1>{title}</h1>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

export function EmailStep({ answer }: { answer?: ActionResult }) {
  const sending = useBusy("send-code");
  const [form, fields] = useForm({
    id: "portal-email",
    lastResult: answer?.intent === "send-code" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: portalEmailSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <SignInCard
      title="Sign in to your client portal"
      description="Follow your projects and sign your contracts. Enter the email address we have for you, and we will email you a 6-digit code."
    >
      <Form method="post" className="grid gap-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="send-code" />
        <TextField label="Email" field={fields.email} type="email" autoComplete="email" inputMode="email" />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={sending} className="w-full">
          {sending ? "Sending code..." : "Email me a code"}
        </Button>
      </Form>
    </SignInCard>
  );
}

export function CodeStep({ email, answer }: { email: string; answer?: ActionResult }) {
  const checking = useBusy("verify-code");
  const resending = useBusy("resend-code");
  const [form, fields] = useForm({
    id: "portal-code",
    lastResult: answer?.intent === "verify-code" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: portalCodeSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const resendRefusal = answer?.intent === "send-code" && answer.ok === false ? answer.message : null;
  return (
    <SignInCard
      title="Check your email"
      description={
        <>
          If <strong className="text-foreground">{email}</strong> has access to the portal, we sent it a 6-digit code.
          It is valid for 10 minutes.
        </>
      }
    >
      <Form method="post" className="grid gap-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="verify-code" />
        <TextField
          label="Code"
          field={fields.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
        />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={checking} className="w-full">
          {checking ? "Checking..." : "Sign in"}
        </Button>
      </Form>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Form method="post">
          <input type="hidden" name="intent" value="resend-code" />
          <Button type="submit" variant="link" className="h-auto p-0" disabled={resending}>
            {resending ? "Sending..." : "Send a new code"}
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="change-email" />
          <Button type="submit" variant="link" className="h-auto p-0">
            Use another email address
          </Button>
        </Form>
      </div>
      {resendRefusal ? (
        <p role="alert" className="text-sm text-destructive">
          {resendRefusal}
        </p>
      ) : null}
    </SignInCard>
  );
}

/** A staff (or waiting) account opened the portal. */
export function NotAClient({ email }: { email: string }) {
  return (
    <SignInCard
      title="This portal is for our clients"
      description={
        <>
          You are signed in as <strong className="text-foreground">{email}</strong>, a staff account. Staff see every
          project and contract in the admin.
        </>
      }
    >
      <Button asChild>
        <a href="/admin">Open the admin</a>
      </Button>
    </SignInCard>
  );
}
