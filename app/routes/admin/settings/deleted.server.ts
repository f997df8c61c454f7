// The loader of /admin/settings/deleted: the records staff edit that were
// deleted in the last 30 days, a page at a time, each with Restore (posted to
// /admin/history). It is the activity list's "deleted records only" filter,
// which holds records only: accounts, sessions and the team stay admins'.
import { requireStaff } from "~/.server/auth/access";
import { listActivity } from "~/domain/history/history.server";
import { mayTakeBack } from "~/domain/history/tables.server";
import { pageFromSearchParams } from "~/lib/pagination";

export async function loadRecentlyDeleted(request: Request) {
  const user = await requireStaff(request);
  // Only what this person may restore: a record whose page is admins' (the company's details) is not listed to staff.
  const filter = { deleted: true, may: mayTakeBack(user.role) };
  return { list: await listActivity(filter, pageFromSearchParams(new URL(request.url).searchParams)) };
}
