// The recent imports, newest first, each with the button that undoes it whole.
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/ui/button";
import type { RecentImport } from "../fields";

function UndoImport({ entry }: { entry: RecentImport }) {
  const fetcher = useFetcher<ActionResult>({ key: `undo-${entry.key}` });
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <fetcher.Form method="post" action="/admin/history" className="grid justify-items-end gap-1">
      <input type="hidden" name="key" value={entry.key} />
      <Button
        type="submit"
        name="intent"
        value="undo-import"
        variant="outline"
        size="sm"
        disabled={fetcher.state !== "idle"}
        aria-label={`Undo the import of ${entry.fileName}`}
      >
        Undo import
      </Button>
      {refusal ? (
        <p role="alert" className="max-w-xs text-right text-sm text-destructive">
          {refusal}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

export function RecentImports({ imports }: { imports: RecentImport[] }) {
  if (!imports.length) return null;
  return (
    <section aria-labelledby="recent-imports" className="grid gap-3">
      <h2 id="recent-imports" className="text-lg font-semibold">
        Recent imports
      </h2>
      <ul className="divide-y rounded-lg border">
        {imports.map((entry) => (
          <li key={entry.key} className="flex flex-wrap items-start justify-between gap-3 p-3 text-sm">
            <p className="min-w-0 flex-1 basis-60">
              <span className="font-medium [overflow-wrap:anywhere]">{entry.fileName}</span>
              <span className="block text-muted-foreground">
                {entry.kind} · {entry.result} · {entry.by} · <time>{entry.at}</time>
              </span>
              {entry.undone ? <span className="block text-muted-foreground">Undone {entry.undone}</span> : null}
            </p>
            {entry.undone || entry.tooOld ? null : <UndoImport entry={entry} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
