// Who may see a portal page: a client's portal account, and only its own
// client's records. Signed out → the portal's sign-in; a staff account → 403
// (staff see everything in the admin, never through the portal).
import { data, redirect } from "react-router";
import { getUser, PORTAL_PATH, type SessionUser } from "~/.server/auth/access";
import { findPortalContact, type PortalContact } from "~/domain/portal/access.server";

export const STAFF_IN_PORTAL = "The client portal is for our clients. Staff accounts see every project in the admin.";

export async function requirePortalClient(request: Request): Promise<{ user: SessionUser; contact: PortalContact }> {
  const user = await getUser(request);
  if (!user) throw redirect(PORTAL_PATH);
  const contact = user.role === "client" ? await findPortalContact(user.id) : null;
  if (!contact) throw data({ message: STAFF_IN_PORTAL }, { status: 403 });
  return { user, contact };
}
