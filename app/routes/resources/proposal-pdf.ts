// GET /admin/proposals/:id/pdf?version=<n>: one version of a proposal as its
// PDF (the latest when no version is named), for staff only. A download,
// never cached.
import { requireStaff } from "~/.server/auth/access";
import { notFoundText, uuidParam } from "~/.server/http/invariant";
import { localToday } from "~/domain/contracts/rules";
import { proposalVersionDocument } from "~/domain/proposals/document.server";
import { renderProposalPdf } from "~/domain/proposals/proposal-pdf.server";
import { versionIdByNumber } from "~/domain/proposals/proposals.server";
import { pdfAnswer } from "~/routes/portal/pdf-answer";
import type { Route } from "./+types/proposal-pdf";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = uuidParam(params.id, request);
  const wanted = Number(new URL(request.url).searchParams.get("version") ?? "") || null;
  const versionId = await versionIdByNumber(id, wanted);
  const loaded = versionId ? await proposalVersionDocument(id, versionId, localToday()) : null;
  if (!loaded) return notFoundText(request, "This proposal has no such version.");
  const pdf = await renderProposalPdf(loaded.document);
  return pdfAnswer(new Uint8Array(pdf), pdf.length, loaded.fileName, "attachment");
}
