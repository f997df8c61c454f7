// The loaders and actions of a client's proposal pages: the list, one
// proposal (read, tick options, accept, decline, ask for changes) and its PDF.
// Each reads only the signed-in contact's client's proposals: another client's
// id is answered as missing, in the portal's own words.
import type { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/.server/http/request-context";
import { invariantResponse } from "~/.server/http/invariant";
import { isDataRequest } from "~/.server/http/route-policy";
import { localToday } from "~/domain/contracts/rules";
import {
  type Buyer,
  getPortalProposal,
  listClientProposals,
  recordProposalView,
} from "~/domain/proposal-portal/portal-proposals.server";
import { isUuid } from "~/lib/uuid";
import { requirePortalClient, type PortalClient } from "../access.server";
import { shell } from "../pages.server";

export const PROPOSAL_MISSING = "This proposal does not exist, or is not yours to see.";

export function buyerOf(request: Request, context: Readonly<RouterContextProvider>, auth: PortalClient): Buyer {
  return {
    contactId: auth.contact.contactId,
    userId: auth.user.id,
    name: auth.contact.name,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
  };
}

export async function loadPortalProposals(request: Request) {
  const { contact } = await requirePortalClient(request);
  const [proposals, frame] = await Promise.all([listClientProposals(contact.clientId, localToday()), shell(contact)]);
  return { proposals, ...frame };
}

/** The proposal `rawId` as this client may see it, or the portal's 404 (a malformed id asks no SQL for it). */
export async function portalProposal(request: Request, auth: PortalClient, rawId: string | undefined) {
  const found = isUuid(rawId) ? await getPortalProposal(auth.contact.clientId, rawId, localToday()) : null;
  if (!found) invariantResponse(false, request, { message: PROPOSAL_MISSING, ...(await shell(auth.contact)) });
  return found!;
}

export async function loadPortalProposal(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
) {
  const auth = await requirePortalClient(request);
  // Opening the page is reading the proposal (its data requests after an answer are not);
  // another client's id records nothing, and is answered as missing below.
  if (isUuid(rawId) && request.method === "GET" && !isDataRequest(request)) {
    await recordProposalView(auth.contact.clientId, rawId, buyerOf(request, context, auth));
  }
  const [proposal, frame] = await Promise.all([portalProposal(request, auth, rawId), shell(auth.contact)]);
  return { proposal, ...frame };
}
