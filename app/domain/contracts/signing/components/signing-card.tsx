// The staff side of signing in the portal, on the contract's page: who it was
// sent to, send it (choosing contacts of the client with portal access and a
// last day) or void it, and the timeline the completion certificate records.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { AWAITING_SIGNATURE, type ContractStatus } from "../../schema";
import type { ContractSigning } from "../views.server";
import { ContractTimeline } from "./contract-timeline";

export function SigningCard({
  status,
  hasDocument,
  signing,
  answer,
}: {
  status: ContractStatus;
  hasDocument: boolean;
  signing: ContractSigning;
  answer?: ActionResult;
}) {
  const [voiding, setVoiding] = useState(false);
  const sending = useNavigation().formData?.get("intent") === "send";
  const awaiting = AWAITING_SIGNATURE.includes(status);
  const canSend = !awaiting && status !== "signed" && hasDocument;
  const eligible = signing.choices.filter((contact) => contact.email && contact.hasPortalAccess);
  const refusal =
    answer?.ok === false && (answer.intent === "send" || answer.intent === "void") ? answer.message : null;
  return (
    <Card aria-labelledby="signing-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="signing-title">Signature in the client portal</h2>
        </CardTitle>
        <CardDescription>
          {signing.sealed
            ? "Signed in the client portal: the document, its completion certificate and seal are fixed."
            : awaiting
              ? `Waiting for a signature from ${signing.recipients.map((r) => `${r.name} (${r.email})`).join(", ")}.`
              : hasDocument
                ? "Send this contract to contacts of the client: they read and sign it in the client portal."
                : "Attach the contract's document (below) to send it for signature."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {canSend ? (
          eligible.length ? (
            <Form method="post" className="grid gap-4">
              <input type="hidden" name="intent" value="send" />
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium">Send to</legend>
                {eligible.map((contact) => (
                  <label key={contact.id} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="contactIds" value={contact.id} className="size-4 accent-primary" />
                    {contact.name} <span className="text-muted-foreground">({contact.email})</span>
                  </label>
                ))}
              </fieldset>
              <label className="grid w-fit gap-1 text-sm font-medium">
                Last day to sign (optional)
                <input type="date" name="expiresOn" className="h-9 rounded-md border bg-background px-3 font-normal" />
              </label>
              <Button type="submit" className="w-fit" disabled={sending}>
                {sending ? "Sending..." : "Send for signature"}
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-muted-foreground">
              No contact of this client has portal access yet. Invite one from their contact page first.
            </p>
          )
        ) : null}
        {awaiting ? (
          <Button type="button" variant="outline" className="w-fit" onClick={() => setVoiding(true)}>
            Void contract
          </Button>
        ) : null}
        {refusal ? (
          <p role="alert" className="text-sm text-destructive">
            {refusal}
          </p>
        ) : null}
        <ContractTimeline events={signing.events} />
      </CardContent>
      <ConfirmDelete
        open={voiding}
        onOpenChange={setVoiding}
        title="Void this contract?"
        description="It can no longer be signed in the client portal. You can send it again afterwards."
        fields={{ intent: "void" }}
        confirmLabel="Void contract"
        busyLabel="Voiding..."
      />
    </Card>
  );
}
