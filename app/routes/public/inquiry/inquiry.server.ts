// The glue of the public inquiry pages (/projects/:id/inquiry and
// /gallery/:slug/inquiry): a fresh signed stamp on every render, and the post
// through the spam rules and the per-address limit. Never stored by a cache
// (privateEmbeddablePage): the stamp is per visitor.
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { formStampAge, issueFormStamp } from "~/.server/http/form-stamp";
import { found } from "~/.server/http/invariant";
import { publicOrigin } from "~/.server/http/origin";
import { clientIpContext } from "~/.server/http/request-context";
import { findInquirySource, type InquirySource, submitInquiry } from "~/domain/inquiries/inquiries.server";
import { inquiryFormSchema } from "~/domain/inquiries/schema";
import { SLUG_PATTERN } from "~/lib/slugify";
import { isUuid } from "~/lib/uuid";

export type InquiryTarget = { projectId: string | undefined } | { gallerySlug: string | undefined };

async function sourceOf(target: InquiryTarget): Promise<InquirySource | null> {
  if ("projectId" in target)
    return isUuid(target.projectId) ? findInquirySource({ projectId: target.projectId }) : null;
  const slug = target.gallerySlug ?? "";
  return SLUG_PATTERN.test(slug) ? findInquirySource({ gallerySlug: slug }) : null;
}

function backHref(target: InquiryTarget): string {
  return "projectId" in target
    ? `/projects/${target.projectId}/preview`
    : `/gallery/${encodeURIComponent(target.gallerySlug ?? "")}`;
}

export async function loadInquiryPage(target: InquiryTarget) {
  const source = await sourceOf(target);
  return data(
    {
      source: source && { kind: source.kind, title: source.title },
      backHref: backHref(target),
      stamp: issueFormStamp(),
    },
    found(source),
  );
}

const HIDDEN = { hideFields: ["website", "started"] };

/** What the post answers: sent (the page shows the thanks), or the form's errors. */
export interface InquiryAnswer {
  sent: boolean;
  result?: SubmissionResult<string[]>;
}

export async function inquiryAction(request: Request, context: Readonly<RouterContextProvider>, target: InquiryTarget) {
  const source = await sourceOf(target);
  if (!source) return data<InquiryAnswer>({ sent: false }, { status: 404 });
  const submission = parseWithZod(await request.formData(), { schema: inquiryFormSchema });
  if (submission.status !== "success")
    return data<InquiryAnswer>({ sent: false, result: submission.reply(HIDDEN) }, { status: 400 });
  const outcome = await submitInquiry({
    values: submission.value,
    source,
    ip: context.get(clientIpContext),
    elapsedMs: formStampAge(submission.value.started),
    origin: publicOrigin(request),
  });
  if (!outcome.ok) {
    return data<InquiryAnswer>(
      { sent: false, result: submission.reply({ ...HIDDEN, formErrors: [outcome.message] }) },
      { status: outcome.reason === "rate-limited" ? 429 : 400 },
    );
  }
  return data<InquiryAnswer>({ sent: true });
}
