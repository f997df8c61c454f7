// /portal: the sign-in steps for someone signed out, a note for staff, and
// the client's projects and contracts for a client.
import { getUser } from "~/.server/auth/access";
import { loadPublicChrome } from "~/domain/library/chrome.server";
import { findPortalContact, portalClientName } from "~/domain/portal/access.server";
import { listClientContracts, listClientProjects } from "~/domain/portal/portal.server";
import { pendingAddress } from "./sign-in.server";

export async function loadPortalHome(request: Request) {
  const [user, chrome] = await Promise.all([getUser(request), loadPublicChrome()]);
  const company = chrome.company;
  if (!user) {
    return { view: "sign-in" as const, company, pendingEmail: await pendingAddress(request) };
  }
  const contact = user.role === "client" ? await findPortalContact(user.id) : null;
  if (!contact) return { view: "staff" as const, company, email: user.email };
  const [clientName, projects, contracts] = await Promise.all([
    portalClientName(contact.clientId),
    listClientProjects(contact.clientId),
    listClientContracts(contact.clientId, contact.contactId),
  ]);
  return {
    view: "portal" as const,
    company,
    person: { name: contact.name, clientName: clientName ?? "" },
    projects,
    contracts,
  };
}
