// The loader behind a paginated admin list: access, the filters from the URL
// (malformed values fall back to none), and one page of rows.
import type { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { pageFromSearchParams } from "~/lib/pagination";

export async function loadListPage<Query extends object, List>(
  request: Request,
  querySchema: z.ZodType<Query>,
  list: (query: Query & { page: number }) => Promise<List>,
) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const query = querySchema.parse(Object.fromEntries(params));
  return { ...query, list: await list({ ...query, page: pageFromSearchParams(params) }) };
}
