// One contract in the portal: its status and dates, the PDF to read in the
// browser, and — for the people asked to sign while it waits — the consent,
// the typed name (and a drawn signature if they like), Sign, or Decline with a reason.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, FileText } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { ContractStatusBadge } from "~/domain/contracts/components/contract-status-badge";
import { SignatureFields } from "~/domain/contracts/signing/components/signature-fields";
import { SIGNING_CONSENT } from "~/domain/contracts/signing/consent";
import { declineFormSchema, signFormSchema } from "~/domain/contracts/signing/schema";
import type { PortalContract as Contract } from "~/domain/contracts/signing/views.server";
import { AWAITING_SIGNATURE } from "~/domain/contracts/schema";
import type { ActionResult } from "~/lib/action-result";
import { longDate } from "~/lib/format";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { FieldError } from "~/ui/field";
import { TextareaField } from "~/ui/textarea-field";

function StatusNote({ contract }: { contract: Contract }) {
  const text: Partial<Record<string, string>> = {
    sent: contract.forMe
      ? "Please read the contract, then sign it below."
      : "This contract was sent to someone else at your organisation to sign.",
    viewed: contract.forMe
      ? "Please read the contract, then sign it below."
      : "This contract was sent to someone else at your organisation to sign.",
    signed: `Signed${contract.signedBy ? ` by ${contract.signedBy}` : ""} on ${longDate(contract.dateSigned) ?? "—"}. The PDF below carries the completion certificate and is sealed: any PDF reader shows it has not changed since.`,
    declined: `This contract was declined${contract.declinedReason ? `: "${contract.declinedReason}"` : "."} We will be in touch.`,
    voided: "We withdrew this contract: it can no longer be signed. We will send a new one if needed.",
    expired: `The time to sign ended on ${longDate(contract.expiresOn) ?? "its last day"}. Contact us for a new copy.`,
  };
  return <p className="text-muted-foreground">{text[contract.status] ?? ""}</p>;
}

function SignForm({ answer }: { answer?: ActionResult }) {
  const busy = useNavigation().formData?.get("intent") === "sign";
  const [form, fields] = useForm({
    id: "sign-contract",
    lastResult: answer?.intent === "sign" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" className="grid gap-5" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value="sign" />
      <SignatureFields
        fields={fields}
        consent={SIGNING_CONSENT}
        nameDescription="Typing your name signs the contract."
      />
      <FieldError id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={busy} className="w-full sm:w-fit">
        {busy ? "Signing..." : "Sign contract"}
      </Button>
    </Form>
  );
}

function DeclineForm({ answer }: { answer?: ActionResult }) {
  const busy = useNavigation().formData?.get("intent") === "decline";
  const [form, fields] = useForm({
    id: "decline-contract",
    lastResult: answer?.intent === "decline" ? answer.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: declineFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <details className="rounded-lg border bg-background p-4" open={answer?.intent === "decline" ? true : undefined}>
      <summary className="cursor-pointer font-medium">Decline to sign</summary>
      <Form method="post" className="mt-4 grid gap-4" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="decline" />
        <TextareaField label="Why do you decline?" field={fields.reason} rows={3} maxLength={2000} />
        <FieldError id={form.errorId} errors={form.errors} />
        <Button type="submit" variant="destructive" disabled={busy} className="w-full sm:w-fit">
          {busy ? "Sending..." : "Decline contract"}
        </Button>
      </Form>
    </details>
  );
}

export function PortalContract({ contract, answer }: { contract: Contract; answer?: ActionResult }) {
  const name = contract.title ?? `${contract.projectTitle} contract`;
  const document = `/portal/contracts/${contract.id}/document`;
  const canSign = contract.forMe && AWAITING_SIGNATURE.includes(contract.status);
  return (
    <div className="grid gap-8">
      <div className="grid gap-3">
        <a href="/portal" className="w-fit text-sm underline underline-offset-4 hover:no-underline">
          ← Your projects and contracts
        </a>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight break-words sm:text-3xl">{name}</h1>
          <ContractStatusBadge status={contract.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {contract.projectTitle}
          {contract.dateSent ? ` · Sent ${longDate(contract.dateSent)}` : ""}
          {canSign && contract.expiresOn ? ` · Sign by ${longDate(contract.expiresOn)}` : ""}
        </p>
        <StatusNote contract={contract} />
      </div>

      {contract.hasDocument ? (
        <section aria-labelledby="contract-document" className="grid gap-3">
          <h2 id="contract-document" className="text-xl font-semibold">
            The contract
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={document} target="_blank" rel="noopener">
                <FileText aria-hidden="true" />
                Open the PDF in a new tab<span className="sr-only">: {name}</span>
              </a>
            </Button>
            <Button asChild variant="ghost">
              <a href={document} download>
                <Download aria-hidden="true" />
                Download
              </a>
            </Button>
          </div>
          {/* Phones open the PDF in their own viewer (the button above); wider screens read it here. */}
          <iframe
            src={document}
            title={`${name} (PDF)`}
            className="hidden h-[75vh] w-full rounded-lg border bg-background md:block"
          />
        </section>
      ) : null}

      {canSign ? (
        <section aria-labelledby="sign-heading" className="grid gap-4">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 id="sign-heading">Sign this contract</h2>
              </CardTitle>
              <CardDescription>
                You signed in with a code emailed to you: that, with your name, is how we record who signed.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <SignForm answer={answer} />
            </CardContent>
          </Card>
          <DeclineForm answer={answer} />
        </section>
      ) : null}
    </div>
  );
}
