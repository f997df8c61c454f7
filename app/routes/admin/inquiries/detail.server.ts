// The loader and action of /admin/inquiries/:id: the inquiry with its
// timeline and the staff it can be given to; the follow-up (stage, owner,
// next action), a note, and Won → client.
import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { redirectWithToast } from "~/.server/toast";
import { getInquiry } from "~/domain/inquiries/inquiries.server";
import {
  addInquiryNote,
  convertInquiryToClient,
  followUpInquiry,
  inquiryTimeline,
  ownerChoices,
} from "~/domain/inquiries/pipeline.server";
import { inquiryFollowUpSchema, inquiryNoteSchema, inquiryWonSchema } from "~/domain/inquiries/schema";
import { localToday } from "~/domain/contracts/rules";
import { listInquiryProposals } from "~/domain/proposals/proposals.server";
import { dateTime } from "~/lib/format";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadInquiry(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const [inquiry, timeline, owners, proposals] = await Promise.all([
    getInquiry(id),
    inquiryTimeline(id),
    ownerChoices(),
    listInquiryProposals(id, localToday()),
  ]);
  invariantResponse(inquiry, request);
  const { createdAt, ...rest } = inquiry;
  return {
    inquiry: { ...rest, received: createdAt.toISOString() },
    timeline: timeline.map(({ at, ...entry }) => ({ ...entry, at: at.toISOString(), when: dateTime(at) })),
    owners,
    proposals,
  };
}

const actionSchema = z.discriminatedUnion("intent", [inquiryFollowUpSchema, inquiryNoteSchema, inquiryWonSchema]);

export async function inquiryAction(request: Request, rawId: string | undefined) {
  const user = await requireStaff(request);
  const id = uuidParam(rawId, request);
  const author = { id: user.id, name: user.name };
  const submission = parseWithZod(await request.formData(), { schema: actionSchema });
  if (submission.status !== "success") {
    return invalid(submission, { intent: String(submission.payload.intent ?? "") });
  }
  const { value } = submission;
  try {
    if (value.intent === "note") {
      await addInquiryNote(id, value.note, author);
      return done(
        { type: "success", title: "Note added" },
        { intent: value.intent, result: submission.reply({ resetForm: true }) },
      );
    }
    if (value.intent === "won-client") {
      const { clientId } = await convertInquiryToClient(id, author);
      return redirectWithToast(`/admin/clients/${clientId}/edit`, {
        type: "success",
        title: "Client created from the inquiry",
      });
    }
    await followUpInquiry(id, value, author);
    return done({ type: "success", title: "Follow-up saved" }, { intent: value.intent, result: submission.reply() });
  } catch (error) {
    return refused(error, { title: "Error saving the inquiry", submission, intent: value.intent });
  }
}
