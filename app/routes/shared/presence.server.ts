// Who has a record's edit page open, read with the page (presence, decision
// 0057): the "also editing" line is in the first HTML, so nothing moves when
// the live stream confirms it a moment later (a click during that shift once
// landed beside its button). Called after the page's own access check; like
// the stream, it names everyone there, and the page leaves the viewer out
// (usePresence).
import { currentDatabase } from "~/.server/db";
import { presenceOn } from "~/.server/live/presence";
import { presenceSubject, type RecordPresence } from "~/lib/live";

export async function recordPresence(kind: string, id: string): Promise<RecordPresence> {
  const subject = presenceSubject(kind, id);
  return { subject, people: (await presenceOn(currentDatabase(), subject)).people };
}
