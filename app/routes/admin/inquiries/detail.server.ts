// The loader and action of /admin/inquiries/:id: the inquiry, and staff's follow-up.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse, uuidParam } from "~/.server/http/invariant";
import { followUpInquiry, getInquiry } from "~/domain/inquiries/inquiries.server";
import { inquiryFollowUpSchema } from "~/domain/inquiries/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadInquiry(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const inquiry = await getInquiry(uuidParam(rawId, request));
  invariantResponse(inquiry, request);
  const { createdAt, ...rest } = inquiry;
  return { inquiry: { ...rest, received: createdAt.toISOString() } };
}

export async function inquiryFollowUpAction(request: Request, rawId: string | undefined) {
  await requireStaff(request);
  const id = uuidParam(rawId, request);
  const submission = parseWithZod(await request.formData(), { schema: inquiryFollowUpSchema });
  if (submission.status !== "success") return invalid(submission);
  try {
    await followUpInquiry(id, submission.value);
  } catch (error) {
    return refused(error, { title: "Error saving follow-up", submission });
  }
  return done({ type: "success", title: "Follow-up saved" }, { result: submission.reply() });
}
