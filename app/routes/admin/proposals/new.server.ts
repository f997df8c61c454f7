// The loader and action of /admin/proposals/new: the clients, their projects
// and the templates to choose from (and, from an inquiry, what it prefills),
// then the new proposal, opened in its editor.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { redirectWithToast } from "~/.server/toast";
import { newProposalSchema } from "~/domain/proposals/forms";
import { createProposal, inquiryPrefill, proposalChoices } from "~/domain/proposals/proposals.server";
import { listTemplates } from "~/domain/proposals/templates.server";
import { isUuid } from "~/lib/uuid";
import { invalid, refused } from "~/routes/shared/answers.server";

export async function loadNewProposal(request: Request) {
  await requireStaff(request);
  const inquiryId = new URL(request.url).searchParams.get("inquiry");
  const [choices, templates, prefill] = await Promise.all([
    proposalChoices(),
    listTemplates(),
    // An unknown or malformed inquiry starts a blank proposal, as without one.
    isUuid(inquiryId) ? inquiryPrefill(inquiryId) : null,
  ]);
  return { ...choices, templates: templates.map(({ id, name }) => ({ id, name })), prefill };
}

export async function newProposalAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: newProposalSchema });
  if (submission.status !== "success") return invalid(submission);
  let id: string;
  try {
    ({ id } = await createProposal({ ...submission.value, userId: user.id }));
  } catch (error) {
    return refused(error, { title: "Error creating proposal", submission });
  }
  return redirectWithToast(`/admin/proposals/${id}/edit`, {
    type: "success",
    title: "Proposal created",
    description: "Add its sections and lines, then save.",
  });
}
