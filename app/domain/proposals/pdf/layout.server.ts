// What every part of the proposal's PDF shares: the page, the type and colours,
// the context the parts read, and the few ways they put text on a page.
import type { ProposalDocument, ProposalSection } from "../proposal-document";
import type { LineAmounts, ProposalPricing } from "../totals";
import type { Table } from "./line-items.server";

export const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
export const MARGIN = 48;
export const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
/** Text and rows end above this; the footer sits below. */
export const BOTTOM = PAGE.height - 72;
export const FOOTER_TOP = PAGE.height - 52;
export const ACCENT = "#0f766e";
export const ACCENT_LIGHT = "#e6f2f1";
export const INK = "#111827";
export const MUTED = "#5b6270";
export const RULE = "#d9dde3";
export const FONT = { regular: "NotoSans", bold: "NotoSans-Bold", italic: "NotoSans-Italic" };

export type Doc = PDFKit.PDFDocument;
export const bytes = (data: Uint8Array) =>
  Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);

/** "March 7, 2026", "7. März 2026": a calendar date ("YYYY-MM-DD") the company's way, never shifted by a time zone. */
export function calendarDate(value: string, locale: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}

/** "2026-03-07 14:05 UTC": when something happened, as the completion certificate writes it. */
export const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;

/** What every part of the document reads: the document, its prices and how to write money. */
export interface Context {
  doc: Doc;
  proposal: ProposalDocument;
  pricing: ProposalPricing;
  amounts: Map<string, LineAmounts>;
  money: (minor: number) => string;
  /** The optional lines ticked in the acceptance; null while the proposal is not accepted. */
  chosen: Set<string> | null;
  /** The section whose rows a page break continues, if any. */
  flowing: ProposalSection | null;
  table: Table;
}

/**
 * Text at (x, y) in a font, or only its height when `draw` is false: every
 * block measures itself with the same calls it draws with, so what is checked
 * for room is what is drawn.
 */
export function text(
  ctx: Context,
  draw: boolean,
  value: string,
  x: number,
  y: number,
  style: {
    font?: keyof typeof FONT;
    size: number;
    color?: string;
    width: number;
    align?: "left" | "right" | "center";
    lineGap?: number;
  },
): number {
  const { doc } = ctx;
  doc.font(FONT[style.font ?? "regular"]).fontSize(style.size);
  const options = { width: style.width, align: style.align ?? "left", lineGap: style.lineGap ?? 0 };
  if (draw) doc.fillColor(style.color ?? INK).text(value, x, y, options);
  return doc.heightOfString(value, options);
}

/** A single line of figures that shrinks rather than wraps or runs into its neighbour. */
export function figure(
  ctx: Context,
  draw: boolean,
  value: string,
  x: number,
  y: number,
  width: number,
  style: { font?: keyof typeof FONT; size: number; color?: string },
) {
  const { doc } = ctx;
  doc.font(FONT[style.font ?? "regular"]).fontSize(style.size);
  const size = Math.min(style.size, (style.size * width) / Math.max(doc.widthOfString(value), 1));
  doc.fontSize(size);
  if (draw)
    doc
      .fillColor(style.color ?? INK)
      .text(value, x, y + (style.size - size) / 2, { width, align: "right", lineBreak: false });
  return style.size * 1.4;
}

/** Draws a block at the current position (its room already checked) and moves below it. */
export function advance(ctx: Context, block: (draw: boolean, y: number) => number) {
  const top = ctx.doc.y;
  ctx.doc.y = top + block(true, top);
  ctx.doc.x = MARGIN;
}

/** Draws a block where it fits: on this page, or at the top of the next. */
export function place(ctx: Context, block: (draw: boolean, y: number) => number, gap = 0) {
  const { doc } = ctx;
  const height = block(false, doc.y);
  if (doc.y + height > BOTTOM) doc.addPage();
  const top = doc.y;
  block(true, top);
  doc.x = MARGIN;
  doc.y = top + height + gap;
}

// ---- Flowing text: the introduction and the terms

export function prose(ctx: Context, heading: string, body: string) {
  const { doc } = ctx;
  const paragraphs = body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
  const style = { size: 10, width: CONTENT_WIDTH, lineGap: 2 };
  // The heading with its first lines, or a new page: never a heading alone at a page's foot.
  const firstLines = Math.min(text(ctx, false, paragraphs[0] ?? "", MARGIN, 0, style), 42);
  if (doc.y + 26 + firstLines > BOTTOM) doc.addPage();
  advance(
    ctx,
    (draw, y) =>
      text(ctx, draw, heading, MARGIN, y, { font: "bold", size: 14, width: CONTENT_WIDTH, color: ACCENT }) + 6,
  );
  for (const paragraph of paragraphs) {
    // pdfkit carries a long paragraph on to the next page itself.
    text(ctx, true, paragraph, MARGIN, doc.y, style);
    doc.y += 6;
  }
  doc.x = MARGIN;
  doc.y += 14;
}

/** Every page after the cover: the company, the proposal and its version, and "Page n of N". */
export function footers(ctx: Context) {
  const { doc, proposal: p } = ctx;
  const { start, count } = doc.bufferedPageRange();
  for (let index = start + 1; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the text's margin: pdfkit would otherwise start a new page for it.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, FOOTER_TOP)
      .lineTo(PAGE.width - MARGIN, FOOTER_TOP)
      .lineWidth(0.5)
      .stroke(RULE);
    doc
      .fillColor(MUTED)
      .font(FONT.regular)
      .fontSize(8)
      .text(`${p.company.name} · ${p.proposal.title} · Version ${p.proposal.version}`, MARGIN, FOOTER_TOP + 10, {
        width: CONTENT_WIDTH - 90,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN, FOOTER_TOP + 10, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}
