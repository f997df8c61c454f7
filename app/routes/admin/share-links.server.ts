// GET /admin/share-links?projectId=… (or galleryId=…): the links of one project
// or gallery for the Share link dialog; POST makes one (answering its address
// once) or revokes one. Staff only.
import { parseWithZod } from "@conform-to/zod/v4";
import { requireStaff } from "~/.server/auth/access";
import { invariantResponse } from "~/.server/http/invariant";
import { publicOrigin } from "~/.server/http/origin";
import { createShareLink, listShareLinks, revokeShareLink } from "~/domain/share-links/share-links.server";
import { shareLinkFormSchema, shareTargetQuerySchema } from "~/domain/share-links/schema";
import { done, invalid, refused } from "~/routes/shared/answers.server";

export async function loadShareLinks(request: Request) {
  await requireStaff(request);
  const target = shareTargetQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  invariantResponse(target.success, request);
  return { links: await listShareLinks(target.data) };
}

export async function shareLinksAction(request: Request) {
  const user = await requireStaff(request);
  const submission = parseWithZod(await request.formData(), { schema: shareLinkFormSchema });
  if (submission.status !== "success") return invalid(submission);
  const value = submission.value;
  try {
    if (value.intent === "revoke") {
      await revokeShareLink(value.id);
      return done({ type: "success", title: "Link revoked" }, { intent: "revoke" });
    }
    const target = value.projectId
      ? { projectId: value.projectId }
      : value.galleryId
        ? { galleryId: value.galleryId }
        : null;
    if (!target) return invalid(submission, { message: "Unknown project or gallery" });
    const { token } = await createShareLink({
      target,
      expiresOn: value.expiresOn ?? null,
      label: value.label,
      userId: user.id,
    });
    // Shown once: only the token's hash is kept.
    return done(
      { type: "success", title: "Share link created" },
      {
        intent: "create",
        message: `${publicOrigin(request)}/share/${token}`,
        result: submission.reply({ resetForm: true }),
      },
    );
  } catch (error) {
    return refused(error, { title: "Error saving share link", submission, intent: value.intent });
  }
}
