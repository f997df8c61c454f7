// GET /portal/proposals/:id/document: the proposal's PDF for its client — the
// sealed acceptance once accepted, else the latest sent version — never cached.
import { notFoundText } from "~/.server/http/invariant";
import { localToday } from "~/domain/contracts/rules";
import { portalProposalPdf } from "~/domain/proposal-portal/portal-pdf.server";
import { isUuid } from "~/lib/uuid";
import type { Route } from "./+types/document";
import { requirePortalClient } from "../access.server";
import { pdfAnswer } from "../pdf-answer";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { contact } = await requirePortalClient(request);
  // A malformed id names nothing: the same words as an unknown one, before any SQL.
  const pdf = isUuid(params.id) ? await portalProposalPdf(contact.clientId, params.id, localToday()) : null;
  if (!pdf) return notFoundText(request, "This proposal does not exist, or is not yours to see.");
  return pdfAnswer(new Uint8Array(pdf.bytes), pdf.bytes.length, pdf.name);
}
