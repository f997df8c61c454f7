// The glue of the public inquiry pages (/projects/:id/inquiry and
// /gallery/:slug/inquiry): a fresh signed stamp on every render, and the post
// through the spam rules and the per-address limit. Never stored by a cache
// (privateEmbeddablePage): the stamp is per visitor.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { issueFormStamp, readFormStamp } from "~/.server/http/form-stamp";
import { found, invariantResponse } from "~/.server/http/invariant";
import { publicOrigin } from "~/.server/http/origin";
import { clientIpContext } from "~/.server/http/request-context";
import { findInquirySource, type InquirySource, submitInquiry } from "~/domain/inquiries/inquiries.server";
import { inquiryFormSchema } from "~/domain/inquiries/schema";
import { loadPublicChrome } from "~/domain/library/chrome.server";
import { projectPath } from "~/domain/projects/embed";
import { siteOrigin } from "~/domain/views/site-origin";
import { SLUG_PATTERN } from "~/lib/slugify";
import { isUuid } from "~/lib/uuid";
import { done, invalid, rejected } from "~/routes/shared/answers.server";
import { adminGalleryPath, adminProjectPath, staffView } from "../staff-view.server";

export type InquiryTarget = { projectId: string | undefined } | { gallerySlug: string | undefined };

async function findSource(target: InquiryTarget): Promise<InquirySource | null> {
  if ("projectId" in target)
    return isUuid(target.projectId) ? findInquirySource({ projectId: target.projectId }) : null;
  const slug = target.gallerySlug ?? "";
  return SLUG_PATTERN.test(slug) ? findInquirySource({ gallerySlug: slug }) : null;
}

/**
 * The page's project or gallery and what staff see of it. An unpublished
 * project's form is there for signed-in staff (a preview) and for nobody else,
 * like the project's own page.
 */
async function sourceOf(request: Request, target: InquiryTarget) {
  const source = await findSource(target);
  if (!source) return { source: null, staff: null };
  const adminHref = "projectId" in target ? adminProjectPath(source.id) : adminGalleryPath(target.gallerySlug ?? "");
  const staff = await staffView(request, adminHref, { preview: !source.published });
  return source.published || staff ? { source, staff } : { source: null, staff: null };
}

/** The page the visitor came from: the project's own page, or the gallery. */
function backHref(target: InquiryTarget, source: InquirySource | null): string {
  return source?.kind === "project"
    ? projectPath({ id: source.id, projectName: source.projectName ?? null })
    : `/gallery/${encodeURIComponent("gallerySlug" in target ? (target.gallerySlug ?? "") : "")}`;
}

/** The form, inside the library's header and footer (hidden when framed, as on the page it came from). */
export async function loadInquiryPage(request: Request, target: InquiryTarget) {
  const [{ source, staff }, chrome] = await Promise.all([sourceOf(request, target), loadPublicChrome()]);
  return data(
    {
      source: source && { kind: source.kind, title: source.title },
      backHref: backHref(target, source),
      stamp: issueFormStamp(),
      // The embedding site the frame's script added to the link (frame.js): carried to the post as an origin only.
      site: siteOrigin(new URL(request.url).searchParams.get("site")),
      chrome,
      staff,
    },
    found(source, request),
  );
}

// The honeypot and the stamp are never sent back.
const HIDDEN = { hideFields: ["website", "started"] };

/** Sent (`ok`: the page shows the thanks), or the form's errors; no toasts on a visitor's page. */
export async function inquiryAction(request: Request, context: Readonly<RouterContextProvider>, target: InquiryTarget) {
  const { source } = await sourceOf(request, target);
  invariantResponse(source, request);
  const submission = parseWithZod(await request.formData(), { schema: inquiryFormSchema });
  if (submission.status !== "success") return invalid(submission, HIDDEN);
  const outcome = await submitInquiry({
    values: submission.value,
    source,
    ip: context.get(clientIpContext),
    stamp: readFormStamp(submission.value.started),
    origin: publicOrigin(request),
  });
  if (!outcome.ok) {
    const status = outcome.reason === "rate-limited" ? 429 : 400;
    return rejected({ status, message: outcome.message }, { title: null, submission, ...HIDDEN });
  }
  return done(null);
}
