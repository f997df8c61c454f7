// What every record's edit page reads beside the record, after its own access
// check, both at once: the record's history (its History panel) and who else
// has it open (presence, decision 0057). Presence is read with the page so the
// "also editing" line is in the first HTML and nothing moves when the live
// stream confirms it a moment later (a click during that shift once landed
// beside its button). Like the stream, it names everyone there, and the page
// leaves the viewer out (usePresence).
import { currentDatabase } from "~/.server/db";
import { presenceOn } from "~/.server/live/presence";
import { recordHistoryEntries } from "~/domain/history/history.server";
import type { HistoryEntry, RecordKind } from "~/domain/history/kinds";
import { presenceSubject, type RecordPresence } from "~/lib/live";

async function recordPresence(kind: RecordKind, id: string): Promise<RecordPresence> {
  const subject = presenceSubject(kind, id);
  return { subject, people: (await presenceOn(currentDatabase(), subject)).people };
}

export async function recordPageReads(
  kind: RecordKind,
  id: string,
): Promise<{ history: HistoryEntry[]; presence: RecordPresence }> {
  const [history, presence] = await Promise.all([recordHistoryEntries(kind, id), recordPresence(kind, id)]);
  return { history, presence };
}
