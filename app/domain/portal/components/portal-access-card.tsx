// A contact's client portal access on its page: invite (or invite again) when
// it has an email, remove access behind a confirmation.
import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { ConfirmDelete } from "~/components/confirm-delete";
import type { ActionResult } from "~/lib/action-result";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";

export function PortalAccessCard({
  contact,
  answer,
}: {
  contact: { name: string; email: string | null; hasPortalAccess: boolean };
  answer?: ActionResult;
}) {
  const [confirming, setConfirming] = useState(false);
  const navigation = useNavigation();
  const inviting = navigation.state !== "idle" && navigation.formData?.get("intent") === "portal-invite";
  const refusal = answer?.ok === false && answer.intent?.startsWith("portal-") ? answer.message : null;
  return (
    <Card aria-labelledby="portal-access-title">
      <CardHeader>
        <CardTitle id="portal-access-title" className="flex items-center gap-2">
          Client portal {contact.hasPortalAccess ? <Badge variant="success">Portal Access</Badge> : null}
        </CardTitle>
        <CardDescription>
          {contact.hasPortalAccess
            ? `${contact.name} signs in at the client portal with a code emailed to ${contact.email}: they see their client's projects and contracts.`
            : contact.email
              ? "Invite this contact to follow their client's projects and sign contracts online. They sign in with a code emailed to them."
              : "Add an email address to this contact to invite them to the client portal."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {contact.email ? (
          <Form method="post">
            <input type="hidden" name="intent" value="portal-invite" />
            <Button type="submit" variant={contact.hasPortalAccess ? "outline" : "default"} disabled={inviting}>
              {inviting ? "Sending..." : contact.hasPortalAccess ? "Send invitation again" : "Invite to portal"}
            </Button>
          </Form>
        ) : null}
        {contact.hasPortalAccess ? (
          <Button type="button" variant="destructive" onClick={() => setConfirming(true)}>
            Remove portal access
          </Button>
        ) : null}
        {refusal ? (
          <p role="alert" className="basis-full text-sm text-destructive">
            {refusal}
          </p>
        ) : null}
      </CardContent>
      <ConfirmDelete
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${contact.name}'s portal access?`}
        description="They are signed out at once and can no longer sign in to the client portal. You can invite them again later."
        fields={{ intent: "portal-remove" }}
        confirmLabel="Remove access"
        busyLabel="Removing..."
      />
    </Card>
  );
}
