// The loader and action of /admin/proposals/:id/edit: the proposal's draft
// (or, for a sent proposal, the latest sent version to start the next draft
// from), the catalogue and the company's money format; the save, priced on the server.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { imageSources } from "~/.server/images/sources";
import { localToday } from "~/domain/contracts/rules";
import { proposalEditorSchema } from "~/domain/proposals/editor";
import {
  catalogueChoices,
  clientProjectChoices,
  companyMoney,
  getDraftForEdit,
  saveDraft,
} from "~/domain/proposals/proposals.server";
import { priceProposal } from "~/domain/proposals/totals";
import { done, invalid, refused } from "~/routes/shared/answers.server";

const CLOSED = new Set(["accepted", "declined", "withdrawn"]);

export async function loadProposalEditor(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [editing, money, options] = await Promise.all([
    getDraftForEdit(id, localToday()),
    companyMoney(),
    catalogueChoices(),
  ]);
  invariantResponse(editing, request);
  const { proposal, content } = editing;
  const pictures = Object.fromEntries(
    content.lines.flatMap((line) =>
      line.picture ? [[line.id, imageSources(line.picture.key, line.picture.width, line.picture.height)]] : [],
    ),
  );
  return {
    ...editing,
    closed: CLOSED.has(proposal.storedStatus),
    projects: await clientProjectChoices(proposal.clientId),
    catalogue: options.map(({ imageKey, imageWidth, imageHeight, ...option }) => ({
      ...option,
      image: imageKey && imageWidth && imageHeight ? imageSources(imageKey, imageWidth, imageHeight) : null,
    })),
    pictures,
    money,
    pricing: priceProposal(content.lines),
  };
}

export async function proposalEditorAction(request: Request, rawId: string | undefined) {
  const user = await requireStaff(request);
  const id = uuidParam(rawId, request);
  const money = await companyMoney();
  const submission = parseWithZod(await request.formData(), { schema: proposalEditorSchema(money) });
  if (submission.status !== "success") return invalid(submission);
  const { version, ...values } = submission.value;
  try {
    const saved = await saveDraft({ id, version, values, userId: user.id });
    return done(
      { type: "success", title: "Proposal saved", description: `Draft v${saved.number} saved.` },
      { version: saved.version },
    );
  } catch (error) {
    return refused(error, { title: "Error saving proposal", submission });
  }
}
