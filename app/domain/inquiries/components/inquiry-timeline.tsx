// An inquiry's timeline: a note form, then every note and stage change,
// newest first, each with its author and time. Entries are never edited.
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowRight, MessageSquare } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/ui/card";
import { TextareaField } from "~/ui/textarea-field";
import type { TimelineEntry } from "../pipeline.server";
import { INQUIRY_STATUS_LABELS, inquiryNoteSchema } from "../schema";

/** A timeline entry as the page gets it: its time as an ISO string, and as people read it. */
export type TimelineItem = Omit<TimelineEntry, "at"> & { at: string; when: string };

function Entry({ entry }: { entry: TimelineItem }) {
  const stage = entry.type === "stage" && entry.toStatus;
  return (
    <li className="grid grid-cols-[auto_1fr] gap-3 py-3">
      <span aria-hidden="true" className="mt-0.5 flex size-7 items-center justify-center rounded-full bg-muted">
        {stage ? <ArrowRight className="size-3.5" /> : <MessageSquare className="size-3.5" />}
      </span>
      <div className="grid min-w-0 gap-1 text-sm">
        {stage ? (
          <p className="font-medium">
            {entry.fromStatus ? `${INQUIRY_STATUS_LABELS[entry.fromStatus]} → ` : ""}
            {INQUIRY_STATUS_LABELS[stage]}
            {entry.body ? <span className="font-normal">: {entry.body}</span> : null}
          </p>
        ) : (
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{entry.body}</p>
        )}
        <p className="text-muted-foreground">
          {entry.authorName} · <time dateTime={entry.at}>{entry.when}</time>
        </p>
      </div>
    </li>
  );
}

export function InquiryTimeline({ inquiryId, entries }: { inquiryId: string; entries: TimelineItem[] }) {
  const fetcher = useFetcher<ActionResult>({ key: `inquiry-note-${inquiryId}` });
  const answer = fetcher.data?.intent === "note" ? fetcher.data : undefined;
  const [form, fields] = useForm({
    id: `inquiry-note-${inquiryId}`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: inquiryNoteSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Timeline</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-3">
          <input type="hidden" name="intent" value="note" />
          <TextareaField label="Add a note" field={fields.note} rows={3} />
          <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} className="justify-self-start">
            {fetcher.state !== "idle" ? "Adding..." : "Add note"}
          </Button>
        </fetcher.Form>
        {entries.length ? (
          <ol aria-label="Notes and stage changes" className="divide-y border-t">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} />
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">No notes yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
