// The loader and actions of /admin/proposals/:id: the proposal, its versions,
// the contacts it can be sent to, the changes thread and the acceptance; sending (then the
// mail), withdrawing, deleting a draft and replying in the thread.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import { localToday } from "~/domain/contracts/rules";
import { getAcceptance } from "~/domain/proposals/acceptance.server";
import { deleteProposalSchema, replySchema } from "~/domain/proposals/detail-forms";
import { sendProposalSchema, withdrawProposalSchema } from "~/domain/proposals/forms";
import { formatMoney } from "~/domain/proposals/money";
import {
  deleteProposal,
  getProposal,
  recipientChoices,
  sendProposal,
  withdrawProposal,
} from "~/domain/proposals/proposals.server";
import { mailSentProposal } from "~/domain/proposals/sent-mail.server";
import { listComments, replyToThread } from "~/domain/proposals/thread.server";
import { dateTime, plural } from "~/lib/format";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadProposalPage(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const proposal = await getProposal(id, localToday());
  invariantResponse(proposal, request);
  const [choices, comments, acceptance] = await Promise.all([
    recipientChoices(proposal.clientId),
    listComments(id),
    getAcceptance(id),
  ]);
  return {
    proposal: {
      ...proposal,
      // Formatted here: the server's clock and zone, the same in the page's first render and after.
      versions: proposal.versions.map(({ sentAt, ...version }) => ({
        ...version,
        sent: sentAt ? dateTime(sentAt) : null,
      })),
    },
    choices,
    comments: comments.map(({ at, ...comment }) => ({ ...comment, when: dateTime(at) })),
    acceptance: acceptance && {
      ...acceptance,
      when: dateTime(acceptance.at),
      total: acceptance.totalAccepted === null ? null : formatMoney(acceptance.totalAccepted, acceptance.money),
    },
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  sendProposalSchema,
  withdrawProposalSchema,
  deleteProposalSchema,
  replySchema,
]);

export async function proposalAction(request: Request, rawId: string | undefined) {
  const user = await requireStaff(request);
  const id = uuidParam(rawId, request);
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    return invalid(submission, { intent: String(submission.payload.intent ?? "") });
  }
  const { value } = submission;
  try {
    switch (value.intent) {
      case "send": {
        const sent = await sendProposal({
          id,
          version: value.version,
          contactIds: value.contactIds,
          sender: { id: user.id, name: user.name },
          today: localToday(),
        });
        const { mailed } = await mailSentProposal({ id, ...sent }, sent.recipients);
        const names = sent.recipients.map((recipient) => recipient.name).join(", ");
        return done(
          mailed === sent.recipients.length
            ? { type: "success", title: `Version ${sent.number} sent`, description: `We emailed ${names}.` }
            : {
                type: "info",
                title: `Version ${sent.number} sent`,
                description: `${plural(sent.recipients.length - mailed, "mail")} could not be sent: the proposal is in the portal.`,
              },
          { intent: value.intent },
        );
      }
      case "withdraw":
        await withdrawProposal(id, value.version);
        return done(
          { type: "success", title: "Proposal withdrawn", description: "The client can no longer accept it." },
          { intent: value.intent },
        );
      case "delete": {
        const { name } = await deleteProposal(id);
        return redirectWithToast("/admin/proposals", { type: "success", title: `"${name}" deleted` });
      }
      case "reply":
        await replyToThread({ proposalId: id, body: value.body, user: { id: user.id, name: user.name } });
        return done(
          { type: "success", title: "Reply posted" },
          { intent: value.intent, result: submission.reply({ resetForm: true }) },
        );
    }
  } catch (error) {
    return refused(error, { title: "The proposal was not changed", submission, intent: value.intent });
  }
}
