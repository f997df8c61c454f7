// The loaders and actions of a client's portal pages: one project, one
// contract (read, sign, decline) and its PDF. Each reads only the signed-in
// contact's client's records: another client's id is answered as missing.
import { parseWithZod } from "@conform-to/zod/v4";
import type { RouterContextProvider } from "react-router";
import { logger } from "~/.server/logger";
import { clientIpContext } from "~/.server/http/request-context";
import { invariantResponse } from "~/.server/http/invariant";
import { isDataRequest } from "~/.server/http/route-policy";
import { isUuid } from "~/lib/uuid";
import { redirectWithToast } from "~/.server/toast";
import { portalContractActionSchema } from "~/domain/contracts/signing/schema";
import {
  declineContract,
  recordView,
  signContract,
  type SignerContext,
} from "~/domain/contracts/signing/signing.server";
import { getPortalContract } from "~/domain/contracts/signing/views.server";
import { getCompanyDetails } from "~/domain/company/company.server";
import { portalClientName } from "~/domain/contacts/portal-access.server";
import { getClientProject, listClientContracts } from "~/domain/portal/portal.server";
import { invalid, isRefusal, refused, rejected } from "~/routes/shared/answers.server";
import { requirePortalClient } from "./access.server";

/** The frame of every portal page: the company, and who is signed in for which client. */
export async function shell(contact: { name: string; clientId: string }) {
  const [company, clientName] = await Promise.all([getCompanyDetails(), portalClientName(contact.clientId)]);
  return { company, person: { name: contact.name, clientName: clientName ?? "" } };
}

// A 404 in the portal's own words (its pages say what is missing and lead back),
// the same for a malformed id as for another client's or an unknown one. It
// carries the page's frame, so the error page keeps the company's header and footer.
const PROJECT_MISSING = "This project does not exist, or is not yours to see.";
const CONTRACT_MISSING = "This contract does not exist, or is not yours to see.";

async function missing(message: string, contact: { name: string; clientId: string }) {
  return { message, ...(await shell(contact)) };
}

export async function loadPortalProject(request: Request, rawId: string | undefined) {
  const { contact } = await requirePortalClient(request);
  if (!isUuid(rawId)) invariantResponse(false, request, await missing(PROJECT_MISSING, contact));
  const [project, contracts, frame] = await Promise.all([
    getClientProject(contact.clientId, rawId),
    listClientContracts(contact.clientId, contact.contactId, rawId),
    shell(contact),
  ]);
  if (!project) invariantResponse(false, request, { message: PROJECT_MISSING, ...frame });
  return { project, contracts, ...frame };
}

/** Who acts in the portal, as the records of what they sign keep them. */
export function signerOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
  auth: Awaited<ReturnType<typeof requirePortalClient>>,
): SignerContext {
  return {
    contact: auth.contact,
    userId: auth.user.id,
    codeSignIn: auth.codeSignIn,
    ip: context.get(clientIpContext),
    userAgent: request.headers.get("User-Agent"),
  };
}

/** The contract `rawId` as this contact may see it, or the portal's 404 (a malformed id asks no SQL for it). */
async function portalContract(
  request: Request,
  auth: Awaited<ReturnType<typeof requirePortalClient>>,
  rawId: string | undefined,
) {
  const found = isUuid(rawId) ? await getPortalContract(auth.contact.clientId, auth.contact.contactId, rawId) : null;
  if (!found) invariantResponse(false, request, await missing(CONTRACT_MISSING, auth.contact));
  return { id: rawId!, found };
}

export async function loadPortalContract(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
) {
  const auth = await requirePortalClient(request);
  const { id, found } = await portalContract(request, auth, rawId);
  // Opening the page is reading the contract: the first time, a recipient's view is recorded.
  if (found.forMe && request.method === "GET" && !isDataRequest(request)) {
    await recordView(id, signerOf(request, context, auth));
  }
  const [contract, frame] = await Promise.all([
    getPortalContract(auth.contact.clientId, auth.contact.contactId, id),
    shell(auth.contact),
  ]);
  return { contract: contract!, ...frame };
}

export async function portalContractAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  rawId: string | undefined,
) {
  const auth = await requirePortalClient(request);
  const { id } = await portalContract(request, auth, rawId);
  const submission = parseWithZod(await request.formData(), { schema: portalContractActionSchema });
  if (submission.status !== "success") return invalid(submission, { intent: String(submission.payload.intent ?? "") });
  const value = submission.value;
  const signer = signerOf(request, context, auth);
  try {
    if (value.intent === "decline") await declineContract(id, signer, value.reason);
    else await signContract(id, signer, { typedName: value.fullName, signatureDataUrl: value.signature });
  } catch (error) {
    const options = {
      title: value.intent === "sign" ? "The contract was not signed" : "The contract was not declined",
      submission,
      intent: value.intent,
    };
    if (isRefusal(error)) return refused(error, options);
    // Sealing failed (storage, the PDF itself): nothing was signed; the person may try again.
    logger().error({ err: error, contract: id }, "signing failed");
    return rejected(
      {
        status: 503,
        message:
          "We could not complete your signature just now: nothing was signed. Please try again in a few minutes.",
      },
      options,
    );
  }
  if (value.intent === "decline") {
    return redirectWithToast(`/portal/contracts/${id}`, {
      type: "success",
      title: "You declined this contract",
      description: "We have been told, with your reason.",
    });
  }
  return redirectWithToast(`/portal/contracts/${id}`, {
    type: "success",
    title: "Contract signed",
    description: "Thank you. We emailed you the signed PDF with its completion certificate.",
  });
}
