// The staff's side of a proposal's changes thread, on its admin page: what the
// buyer asked and what was answered, and a reply (posted to its own action,
// /admin/proposals/:id/changes; the buyer is mailed a link to read it).
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { FieldError } from "~/ui/field";
import { TextareaField } from "~/ui/textarea-field";
import type { ThreadMessage } from "../portal-proposal";
import { staffReplySchema } from "../schema";
import { ChangesThread } from "./changes-thread";

export function ChangesPanel({
  proposalId,
  thread,
  sent,
}: {
  proposalId: string;
  thread: ThreadMessage[];
  /** Whether the buyer has it (a draft has nobody to answer). */
  sent: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: `reply-${proposalId}`,
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffReplySchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const asked = thread.filter((message) => message.fromClient).length;
  return (
    <Card aria-labelledby="changes-title">
      <CardHeader>
        <CardTitle asChild>
          <h2 id="changes-title">Questions and changes</h2>
        </CardTitle>
        <CardDescription>
          {asked
            ? `The client wrote ${asked} ${asked === 1 ? "time" : "times"}. Answer here: they are mailed a link to read it in the portal.`
            : "When the client asks for changes in the portal, their request shows here."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChangesThread messages={thread} empty="Nothing asked yet." />
        {sent ? (
          <fetcher.Form
            method="post"
            action={`/admin/proposals/${proposalId}/changes`}
            className="grid gap-3"
            {...getFormProps(form)}
            noValidate
          >
            <input type="hidden" name="intent" value="reply" />
            <TextareaField label="Your answer" field={fields.body} rows={3} maxLength={4000} />
            <FieldError id={form.errorId} errors={form.errors} />
            <Button type="submit" className="w-fit" disabled={busy}>
              {busy ? "Sending..." : "Send answer"}
            </Button>
          </fetcher.Form>
        ) : null}
      </CardContent>
    </Card>
  );
}
