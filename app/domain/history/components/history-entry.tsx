// One entry of a History panel or of the activity list: when, who, what in a
// line, each field before and after, what else the save did, and the button
// that takes it back (revert, restore, undo an import) when that is possible.
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import type { HistoryEntry } from "../kinds";

const BUTTONS = { revert: "Revert", restore: "Restore", "undo-import": "Undo import" } as const;

export function HistoryEntryItem({ entry, linked = false }: { entry: HistoryEntry; linked?: boolean }) {
  const fetcher = useFetcher<ActionResult>({ key: `history-${entry.key}` });
  const busy = fetcher.state !== "idle";
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <li className="grid gap-2 p-3 text-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 basis-60">
          <span className="font-medium [overflow-wrap:anywhere]">
            {linked && entry.href ? (
              <Link to={entry.href} className="underline-offset-4 hover:underline">
                {entry.summary}
              </Link>
            ) : (
              entry.summary
            )}
          </span>
          <span className="block text-muted-foreground">
            {entry.actor} · <time>{entry.at}</time>
          </span>
        </p>
        {entry.can ? (
          <fetcher.Form method="post" action="/admin/history">
            <input type="hidden" name="key" value={entry.key} />
            <Button type="submit" name="intent" value={entry.can} variant="outline" size="sm" disabled={busy}>
              {BUTTONS[entry.can]}
            </Button>
          </fetcher.Form>
        ) : null}
      </div>
      {entry.changes.length ? (
        <dl className="grid gap-1 sm:grid-cols-[minmax(6rem,auto)_1fr] sm:gap-x-4">
          {entry.changes.map((change) => (
            <div key={change.field} className="contents">
              <dt className="text-muted-foreground">{change.field}</dt>
              <dd className="[overflow-wrap:anywhere]">
                <del className="text-muted-foreground">{change.before}</del> →{" "}
                <ins className="no-underline">{change.after}</ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {entry.details.length ? (
        <ul className="list-disc pl-5 text-muted-foreground">
          {entry.details.map((detail, i) => (
            <li key={i} className="[overflow-wrap:anywhere]">
              {detail}
            </li>
          ))}
        </ul>
      ) : null}
      {entry.why && !entry.can ? <p className="text-xs text-muted-foreground">{entry.why}</p> : null}
      {refusal ? (
        <p role="alert" className="text-destructive">
          {refusal}
        </p>
      ) : null}
    </li>
  );
}

export function HistoryEntries({
  entries,
  label,
  linked = false,
  empty,
}: {
  entries: HistoryEntry[];
  label: string;
  linked?: boolean;
  empty: string;
}) {
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y rounded-lg border">
      {entries.map((entry) => (
        <HistoryEntryItem key={entry.key} entry={entry} linked={linked} />
      ))}
    </ul>
  );
}
