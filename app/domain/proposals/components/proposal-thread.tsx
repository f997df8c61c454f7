// The changes thread on the proposal's page: the client's comments (those that
// asked for changes marked) and the staff's replies, oldest first, and the
// reply form.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { TitledCard } from "./titled-card";
import { TextareaField } from "~/ui/textarea-field";
import { replySchema } from "../detail-forms";

export interface ThreadComment {
  id: string;
  author: "staff" | "client";
  name: string;
  body: string;
  requestsChanges: boolean;
  when: string;
  versionNumber: number | null;
}

export function ProposalThread({ comments }: { comments: ThreadComment[] }) {
  const fetcher = useFetcher<ActionResult>({ key: "proposal-reply" });
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "proposal-reply",
    lastResult: fetcher.state === "idle" ? fetcher.data?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <TitledCard
      id="thread"
      title="Changes thread"
      description="What the client asked in the portal, and your replies: the client reads them there."
      className="grid gap-4"
    >
      {comments.length ? (
        <ol className="grid gap-3">
          {comments.map((comment) => (
            <li
              key={comment.id}
              className={
                comment.author === "staff"
                  ? "rounded-md border bg-muted/40 p-3 sm:ml-8"
                  : "rounded-md border p-3 sm:mr-8"
              }
            >
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{comment.name}</span>
                <span className="text-muted-foreground">
                  {comment.author === "staff" ? "Staff" : "Client"} · {comment.when}
                  {comment.versionNumber ? ` · on v${comment.versionNumber}` : ""}
                </span>
                {comment.requestsChanges ? <Badge variant="warning">Asked for changes</Badge> : null}
              </p>
              <p className="mt-1 text-sm whitespace-pre-line">{comment.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      )}
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-2">
        <input type="hidden" name="intent" value="reply" />
        <TextareaField label="Reply" field={fields.body} rows={3} />
        <Button type="submit" className="w-fit" disabled={busy}>
          {busy ? "Posting..." : "Post reply"}
        </Button>
      </fetcher.Form>
    </TitledCard>
  );
}
