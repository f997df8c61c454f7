// The glue of admin pages that hold no data of their own.
import { requireStaff } from "~/.server/auth/access";
import { notFound } from "~/.server/http/invariant";

/** Staff only, nothing to load (the page is its component). */
export async function staffPage(request: Request) {
  await requireStaff(request);
  return null;
}

/** What staff get for an admin address that names nothing (visitors are sent to sign in first). */
export async function staffNotFound(request: Request) {
  await requireStaff(request);
  return notFound(request);
}
