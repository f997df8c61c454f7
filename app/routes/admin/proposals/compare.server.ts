// The loader of /admin/proposals/:id/compare?from=<n>&to=<n>: the proposal's
// versions to choose from and the comparison of the two chosen (by default the
// latest against the one before it).
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { localToday } from "~/domain/contracts/rules";
import { compareProposalVersions } from "~/domain/proposals/compare.server";
import { getProposal } from "~/domain/proposals/proposals.server";

const number = (value: string | null) => (value && /^\d{1,6}$/.test(value) ? Number(value) : null);

export async function loadComparison(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const proposal = await getProposal(id, localToday());
  invariantResponse(proposal, request);
  const numbers = proposal.versions.map((version) => version.number);
  const query = new URL(request.url).searchParams;
  const to = number(query.get("to")) ?? numbers[0] ?? 1;
  const from = number(query.get("from")) ?? numbers.find((n) => n < to) ?? to;
  const compared = await compareProposalVersions(id, from, to);
  // Numbers the proposal does not have: a 404, as a row that is not there.
  invariantResponse(compared || numbers.length < 2, request);
  return {
    proposal: { id: proposal.id, title: proposal.title, clientName: proposal.clientName },
    numbers,
    from,
    to,
    compared: numbers.length < 2 ? null : compared,
  };
}
