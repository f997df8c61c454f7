// A record's "History" panel: its saves, newest first, each with who, when
// and what changed, and Revert where nothing newer touched the same fields.
import { cn } from "~/lib/utils";
import type { HistoryEntry } from "../kinds";
import { HistoryEntries } from "./history-entry";

export function HistoryPanel({ entries, className }: { entries: HistoryEntry[]; className?: string }) {
  return (
    <section aria-labelledby="history-heading" className={cn("mx-auto grid w-full gap-3", className)}>
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <HistoryEntries entries={entries} label="History" empty="No changes recorded yet." />
    </section>
  );
}
