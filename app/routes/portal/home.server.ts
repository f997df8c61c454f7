// /portal: the sign-in steps for someone signed out, a note for staff, and
// the client's projects and contracts for a client.
import { getCompanyDetails } from "~/domain/company/company.server";
import { portalClientName } from "~/domain/contacts/portal-access.server";
import { listClientContracts, listClientProjects } from "~/domain/portal/portal.server";
import { portalVisitor } from "./access.server";
import { pendingAddress } from "./sign-in.server";

export async function loadPortalHome(request: Request) {
  const [visitor, company] = await Promise.all([portalVisitor(request), getCompanyDetails()]);
  if (!visitor) {
    return { view: "sign-in" as const, company, pendingEmail: await pendingAddress(request) };
  }
  if (visitor.staff) return { view: "staff" as const, company, email: visitor.user.email };
  const { contact } = visitor;
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
