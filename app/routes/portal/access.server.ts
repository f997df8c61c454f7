// Who may see a portal page: a client's portal account signed in by a code
// that still proves it, and only its own client's records. Signed out (or a
// session that proves nobody any more) → the portal's sign-in; a staff account
// → 403 (staff see everything in the admin, never through the portal).
import { data, redirect } from "react-router";
import { type CodeSignIn, getSession, type SessionUser } from "~/.server/auth/access";
import { PORTAL_PATH } from "~/domain/portal/schema";
import { type PortalContact, portalContactOfSession } from "~/domain/contacts/portal-access.server";

export const STAFF_IN_PORTAL = "The client portal is for our clients. Staff accounts see every project in the admin.";

export interface PortalClient {
  user: SessionUser;
  contact: PortalContact;
  /** What its sign-in proved: the address the code was mailed to, and when. */
  codeSignIn: CodeSignIn;
}

/** The portal's view of who asks: a client, staff, or nobody (who signs in). */
export async function portalVisitor(
  request: Request,
): Promise<({ staff: false } & PortalClient) | { staff: true; user: SessionUser } | null> {
  const { user, codeSignIn } = await getSession(request);
  if (!user) return null;
  if (user.role !== "client") return { staff: true, user };
  const contact = await portalContactOfSession(user, codeSignIn);
  return contact && codeSignIn ? { staff: false, user, contact, codeSignIn } : null;
}

export async function requirePortalClient(request: Request): Promise<PortalClient> {
  const visitor = await portalVisitor(request);
  if (!visitor) throw redirect(PORTAL_PATH);
  if (visitor.staff) throw data({ message: STAFF_IN_PORTAL }, { status: 403 });
  return visitor;
}
