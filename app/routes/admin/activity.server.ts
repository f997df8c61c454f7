// The loader of /admin/activity: every record's history and the accounts'
// trail, filtered from the URL (malformed values fall back to none), a page at a time. Admins only.
import { requireAdmin } from "~/.server/auth/access";
import { listActivity, listActors } from "~/domain/history/history.server";
import { activityQuerySchema } from "~/domain/history/schema";
import { pageFromSearchParams } from "~/lib/pagination";

export async function loadActivity(request: Request) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const query = activityQuerySchema.parse(Object.fromEntries(params));
  const [list, people] = await Promise.all([
    listActivity(
      {
        actorId: query.person || undefined,
        kind: query.kind || undefined,
        from: query.from || undefined,
        to: query.to || undefined,
        deleted: query.deleted === "1",
      },
      pageFromSearchParams(params),
    ),
    listActors(),
  ]);
  return { query, list, people };
}
