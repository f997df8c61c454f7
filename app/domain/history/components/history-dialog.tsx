// A row's History, for lists whose rows are edited in dialogs (playground
// options, industry types): the row's "History" link sets `?history=<id>`, the
// loader sends that row's entries, and this dialog shows them with Revert.
// Being a link, it works from the keyboard and can be bookmarked or shared.
import { History } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/ui/dialog";
import type { HistoryEntry } from "../kinds";
import { HistoryEntries } from "./history-entry";

export function HistoryLink({ id, name }: { id: string; name: string }) {
  return (
    <Button asChild variant="ghost" size="icon">
      <Link
        to={`?history=${encodeURIComponent(id)}`}
        preventScrollReset
        aria-label={`History of ${name}`}
        data-history-for={id}
      >
        <History aria-hidden="true" />
      </Link>
    </Button>
  );
}

export function HistoryDialog({ history }: { history: { id: string; name: string; entries: HistoryEntry[] } | null }) {
  const [params, setParams] = useSearchParams();
  // What was shown stays while the dialog closes (the loader has already sent null).
  const [last, setLast] = useState(history);
  if (history && history !== last) setLast(history);
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete("history");
    setParams(next, { preventScrollReset: true, replace: true });
  };
  return (
    <Dialog open={history !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        className="max-h-[85vh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          // Opened by a link and a navigation, so focus goes back to that row's link by hand.
          event.preventDefault();
          if (last) document.querySelector<HTMLElement>(`[data-history-for="${CSS.escape(last.id)}"]`)?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>History of "{last?.name}"</DialogTitle>
          <DialogDescription>Every save, newest first: who made it, when, and what changed.</DialogDescription>
        </DialogHeader>
        <HistoryEntries entries={last?.entries ?? []} label="History" empty="No changes recorded yet." />
      </DialogContent>
    </Dialog>
  );
}
