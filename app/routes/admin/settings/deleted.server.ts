// The loader of /admin/settings/deleted: the records staff edit that were
// deleted in the last 30 days, a page at a time, each with Restore (posted to
// /admin/history). It is the activity list's "deleted records only" filter,
// which holds records only: accounts, sessions and the team stay admins'.
import { requireStaff } from "~/.server/auth/access";
import { listActivity } from "~/domain/history/history.server";
import { pageFromSearchParams } from "~/lib/pagination";

export async function loadRecentlyDeleted(request: Request) {
  await requireStaff(request);
  return { list: await listActivity({ deleted: true }, pageFromSearchParams(new URL(request.url).searchParams)) };
}
