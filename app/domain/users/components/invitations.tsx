// Settings → Team → Invitations: invite an address with a role, and the open
// invitations with "Revoke".
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { FieldError } from "~/ui/field";
import { SelectField } from "~/ui/select-field";
import { TextField } from "~/ui/text-field";
import { inviteSchema } from "../schema";

interface OpenInvitation {
  id: string;
  email: string;
  role: "staff" | "admin" | "pending";
  expires: string;
}

const ROLE_OPTIONS = [
  { value: "staff", label: "Staff" },
  { value: "admin", label: "Administrator" },
];

function InviteForm() {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "invite",
    lastResult: fetcher.data?.intent === "invite" ? fetcher.data.result : undefined,
    defaultValue: { role: "staff" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inviteSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <fetcher.Form
      method="post"
      className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="invite" />
      <TextField label="Email" field={fields.email} type="email" autoComplete="off" />
      <SelectField label="Role" field={fields.role} placeholder="Choose a role" options={ROLE_OPTIONS} />
      <Button type="submit" disabled={busy} className="sm:mt-[1.375rem]">
        {busy ? "Sending..." : "Send Invitation"}
      </Button>
      <FieldError id={form.errorId} errors={form.errors} />
    </fetcher.Form>
  );
}

function RevokeButton({ invitation }: { invitation: OpenInvitation }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="revoke-invitation" />
      <input type="hidden" name="invitationId" value={invitation.id} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`Revoke the invitation of ${invitation.email}`}
      >
        {busy ? "Revoking..." : "Revoke"}
      </Button>
    </fetcher.Form>
  );
}

export function Invitations({ invitations }: { invitations: OpenInvitation[] }) {
  return (
    <div className="grid gap-4">
      <InviteForm />
      {invitations.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invitations are waiting.</p>
      ) : (
        <ul className="divide-y rounded-lg border text-sm" aria-label="Open invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span>
                <span className="font-medium [overflow-wrap:anywhere]">{invitation.email}</span> ·{" "}
                {invitation.role === "admin" ? "Administrator" : "Staff"} · until {invitation.expires}
              </span>
              <RevokeButton invitation={invitation} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
