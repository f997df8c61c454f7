// Who else has a record's edit page open, read with the page (presence,
// decision 0057): the "also editing" line is in the first HTML, so nothing
// moves when the live stream confirms it a moment later (a click during that
// shift once landed beside its button).
import { requireStaff } from "~/.server/auth/access";
import { currentDatabase } from "~/.server/db";
import { othersOn } from "~/.server/live/presence";
import { presenceSubject, type RecordPresence } from "~/lib/live";

export async function recordPresence(request: Request, kind: string, id: string): Promise<RecordPresence> {
  const viewer = await requireStaff(request);
  const subject = presenceSubject(kind, id);
  return { subject, people: await othersOn(currentDatabase(), subject, viewer.id) };
}
