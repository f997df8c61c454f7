// The proposal page's actions beside its title: Edit, Send (a dialog choosing
// the client's contacts with portal access), Withdraw and Delete (each asks
// first; Delete only while it was never sent).
import { Pencil, Send, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import { useCloseOnSuccess } from "~/components/use-close-on-success";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/ui/dialog";
import type { ProposalStatus } from "../forms";

export interface RecipientChoice {
  id: string;
  name: string;
  email: string;
  hasPortalAccess: boolean;
}

const CLOSED: ProposalStatus[] = ["accepted", "declined", "withdrawn"];

export function ProposalActions({
  proposal,
  choices,
}: {
  proposal: {
    id: string;
    title: string;
    status: ProposalStatus;
    version: string;
    clientId: string;
    versions: { number: number; sent: string | null }[];
  };
  choices: RecipientChoice[];
}) {
  const [sending, setSending] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const open = !CLOSED.includes(proposal.status);
  const draft = proposal.versions.find((version) => version.sent === null);
  const everSent = proposal.versions.some((version) => version.sent !== null);
  return (
    <>
      {open ? (
        <Button asChild variant="outline">
          <Link to={`/admin/proposals/${proposal.id}/edit`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
      ) : null}
      {open && draft ? (
        <Button type="button" onClick={() => setSending(true)}>
          <Send aria-hidden="true" />
          Send
        </Button>
      ) : null}
      {open && everSent ? (
        <Button type="button" variant="outline" onClick={() => setWithdrawing(true)}>
          <Undo2 aria-hidden="true" />
          Withdraw
        </Button>
      ) : null}
      {!everSent ? (
        <Button type="button" variant="outline" className="text-destructive" onClick={() => setDeleting(true)}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      ) : null}
      {draft ? (
        <SendDialog
          open={sending}
          onOpenChange={setSending}
          number={draft.number}
          version={proposal.version}
          clientId={proposal.clientId}
          choices={choices}
        />
      ) : null}
      <ConfirmDelete
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={`Withdraw "${proposal.title}"?`}
        description="The client can no longer accept it in the portal. Its versions and thread are kept."
        fields={{ intent: "withdraw", version: proposal.version }}
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
      />
      <ConfirmDelete
        open={deleting}
        onOpenChange={setDeleting}
        title={`Delete "${proposal.title}"?`}
        description="This draft was never sent. It will be deleted with its lines."
        fields={{ intent: "delete" }}
      />
    </>
  );
}

function SendDialog({
  open,
  onOpenChange,
  number,
  version,
  clientId,
  choices,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  number: number;
  version: string;
  clientId: string;
  choices: RecipientChoice[];
}) {
  const fetcher = useFetcher<ActionResult>({ key: "send-proposal" });
  useCloseOnSuccess(fetcher, () => onOpenChange(false));
  const busy = fetcher.state !== "idle";
  const eligible = choices.filter((contact) => contact.hasPortalAccess);
  const refusal = fetcher.state === "idle" && fetcher.data?.ok === false ? fetcher.data.message : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Send version {number}</DialogTitle>
          <DialogDescription>
            Sending freezes this version: its lines, totals and terms no longer change. The contacts you choose get an
            email with a link to read it in the client portal.
          </DialogDescription>
        </DialogHeader>
        {eligible.length ? (
          <fetcher.Form method="post" className="grid gap-4">
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="version" value={version} />
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Send to</legend>
              {eligible.map((contact) => (
                <label key={contact.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="contactIds"
                    value={contact.id}
                    defaultChecked={eligible.length === 1}
                    className="size-4 accent-primary"
                  />
                  {contact.name} <span className="text-muted-foreground">({contact.email})</span>
                </label>
              ))}
            </fieldset>
            {refusal ? (
              <p role="alert" className="text-sm text-destructive">
                {refusal}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send proposal"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        ) : (
          <p className="text-sm text-muted-foreground">
            No contact of this client has portal access yet. Invite one from{" "}
            <Link className="underline" to={`/admin/clients/${clientId}/edit`}>
              the client&apos;s page
            </Link>{" "}
            first.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
