// The loader and actions of /admin/proposals/:id: the proposal, its versions
// and the one shown (the draft, else the latest sent), and what staff do to it.
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { localToday } from "~/domain/contracts/rules";
import { getProposal } from "~/domain/proposals/proposals.server";

export async function loadProposalPage(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const proposal = await getProposal(id, localToday());
  invariantResponse(proposal, request);
  return { proposal };
}
