// The loaders and actions of a client's proposal pages: the list, one
// proposal (read, tick options, accept, decline, ask for changes) and its PDF.
// Each reads only the signed-in contact's client's proposals: another client's
// id is answered as missing, in the portal's own words.
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { clientIpContext } from "~/.server/http/request-context";
import { invariantResponse } from "~/.server/http/invariant";
import { isDataRequest } from "~/.server/http/route-policy";
import { logger } from "~/.server/logger";
import { redirectWithToast } from "~/.server/toast";
import { localToday } from "~/domain/contracts/rules";
import { acceptProposal, declineProposal, requestProposalChanges } from "~/domain/proposal-portal/answers.server";
import {
  type Buyer,
  getPortalProposal,
  listClientProposals,
  recordProposalView,
} from "~/domain/proposal-portal/portal-proposals.server";
import { proposalAnswerSchema } from "~/domain/proposal-portal/schema";
import { formatMoney } from "~/domain/proposals/money";
import { dateTime } from "~/lib/format";
import type { ToastInput } from "~/lib/toast";
import { isUuid } from "~/lib/uuid";
import { invalid, isRefusal, refused, rejected } from "~/routes/shared/answers.server";
import { requirePortalClient, type PortalClient } from "../access.server";
import { shell, signerOf } from "../pages.server";

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
  // Times formatted here: the server's clock and zone, the same in the page's first render and after.
  const answer = proposal.answer ? { ...proposal.answer, when: dateTime(proposal.answer.at) } : null;
  const thread = proposal.thread.map((comment) => ({ ...comment, when: dateTime(comment.at) }));
  return { proposal: { ...proposal, answer, thread }, ...frame };
}

const NOT_DONE = {
  accept: "The proposal was not accepted",
  decline: "The proposal was not declined",
  changes: "Your request was not sent",
};

/** The buyer's answer: accept (typed name, consent, drawn signature, options), decline, or ask for changes. */
export async function portalProposalAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
) {
  const auth = await requirePortalClient(request);
  // Another client's proposal, or a malformed id, is the portal's 404 before the form is read.
  const { id, money } = await portalProposal(request, auth, rawId);
  const { clientId } = auth.contact;
  const submission = parseWithZod(await request.formData(), { schema: proposalAnswerSchema });
  if (submission.status !== "success") return invalid(submission, { intent: String(submission.payload.intent ?? "") });
  const value = submission.value;
  const signer = signerOf(request, context, auth);
  let toast: ToastInput;
  try {
    if (value.intent === "accept") {
      const accepted = await acceptProposal(clientId, id, signer, {
        typedName: value.fullName,
        signatureDataUrl: value.signature,
        chosenLineIds: value.options,
        seenVersion: value.seenVersion,
        seenTotal: value.seenTotal,
      });
      const total = formatMoney(accepted.total, money);
      toast = {
        type: "success",
        title: "Proposal accepted",
        description: `Thank you: accepted at ${total}. We emailed you the sealed PDF.`,
      };
    } else if (value.intent === "decline") {
      await declineProposal(clientId, id, signer, value);
      toast = {
        type: "success",
        title: "You declined this proposal",
        description: "We have been told, with your reason.",
      };
    } else {
      await requestProposalChanges(clientId, id, signer, value);
      toast = {
        type: "success",
        title: "Changes requested",
        description: "We have your comment and will send you a revised version.",
      };
    }
  } catch (error) {
    const options = { title: NOT_DONE[value.intent], submission, intent: value.intent };
    if (isRefusal(error)) return refused(error, options);
    // Sealing failed (storage, the PDF itself): nothing was accepted; the buyer may try again.
    logger().error({ err: error, proposal: id }, "proposal answer failed");
    return rejected(
      {
        status: 503,
        message: "We could not record your answer just now: nothing was changed. Please try again in a few minutes.",
      },
      options,
    );
  }
  return redirectWithToast(`/portal/proposals/${id}`, toast);
}
