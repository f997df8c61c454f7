// A proposal as the buyer prints it for a budget meeting (pdfkit, on the
// server): a cover with the hero render, the company, the client and the total
// at a glance; the introduction; the line items by section with subtotals, the
// optional ones marked; the totals with tax by rate; the terms; then a blank
// signature block or the record of the acceptance. A row is never cut: one
// that does not fit starts the next page under the table's header again, a
// section's heading always has its first row below it, and its last row its
// subtotal. Text is real text in Noto Sans (the completion certificate's type),
// so names, "1 234,50 €" and "₹" print as typed, which Helvetica's Latin-1 cannot.
import { notoSans } from "~/.server/pdf-fonts";
import { formatMoney } from "./money";
import type { ProposalDocument } from "./proposal-document";
import { acceptanceRecord, signatureBlock, totalsBlock } from "./pdf/closing.server";
import { cover } from "./pdf/cover.server";
import { BOTTOM, type Context, FONT, footers, MARGIN, PAGE, place, prose } from "./pdf/layout.server";
import { columns, continued, lineItems } from "./pdf/line-items.server";
import { priceProposal } from "./totals";

export async function renderProposalPdf(proposal: ProposalDocument): Promise<Buffer> {
  const { default: PDFDocument } = await import("pdfkit");
  const chosen = proposal.acceptance ? new Set(proposal.acceptance.chosenLineIds) : null;
  const pricing = priceProposal(proposal.lines, chosen ?? []);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: PAGE.height - BOTTOM },
    bufferPages: true,
    info: {
      Title: `${proposal.proposal.title} (version ${proposal.proposal.version})`,
      Author: proposal.company.name,
      Subject: `Proposal for ${proposal.client.name}`,
      Creator: proposal.company.name,
    },
  });
  for (const key of Object.keys(FONT) as (keyof typeof FONT)[]) doc.registerFont(FONT[key], notoSans(key));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const money = (minor: number) => formatMoney(minor, proposal.money);
  const ctx: Context = {
    doc,
    proposal,
    pricing,
    amounts: new Map(pricing.lines.map((line) => [line.id, line])),
    money,
    chosen,
    flowing: null,
    table: columns(proposal, money),
  };
  doc.on("pageAdded", () => {
    doc.y = MARGIN + continued(ctx, true, MARGIN);
    doc.x = MARGIN;
  });

  cover(ctx);
  doc.addPage();
  if (proposal.introduction?.trim()) prose(ctx, "Introduction", proposal.introduction);
  lineItems(ctx);
  place(ctx, (draw, y) => totalsBlock(ctx, draw, y), 18);
  if (proposal.terms?.trim()) prose(ctx, "Terms", proposal.terms);
  place(ctx, (draw, y) => (proposal.acceptance ? acceptanceRecord(ctx, draw, y) : signatureBlock(ctx, draw, y)));
  footers(ctx);
  doc.end();
  return done;
}
