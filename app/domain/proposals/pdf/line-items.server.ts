// The line items: by section, each under its heading and the table's header,
// rows never cut (one that does not fit opens the next page under the header
// again), the last row with its subtotal, optional lines with their box.
import { formatQuantity, formatRate } from "../money";
import type { ProposalDocument, ProposalLine, ProposalSection } from "../proposal-document";
import type { LineAmounts } from "../totals";
import {
  ACCENT,
  advance,
  BOTTOM,
  bytes,
  CONTENT_WIDTH,
  type Context,
  figure,
  INK,
  MARGIN,
  MUTED,
  RULE,
  text,
} from "./layout.server";

interface Column {
  title: string;
  width: number;
  cell: (line: ProposalLine, amounts: LineAmounts) => string;
}

/** The item column's width and the figures' columns (a discount column only when a line has a discount). */
export interface Table {
  item: number;
  figures: Column[];
}

export function columns(p: ProposalDocument, money: (minor: number) => string): Table {
  const locale = p.money.locale;
  const withDiscount = p.lines.some((line) => line.discount);
  const figures: Column[] = [
    {
      title: "Quantity",
      width: withDiscount ? 54 : 60,
      cell: (line) => `${formatQuantity(line.quantity, locale)}${line.unit ? ` ${line.unit}` : ""}`,
    },
    { title: "Unit price", width: withDiscount ? 68 : 76, cell: (line) => money(line.unitPrice) },
    ...(withDiscount
      ? [
          {
            title: "Discount",
            width: 52,
            cell: (line: ProposalLine, amounts: LineAmounts) =>
              !line.discount
                ? ""
                : line.discount.kind === "percent"
                  ? formatRate(line.discount.rate, locale)
                  : `−${money(amounts.discount)}`,
          },
        ]
      : []),
    { title: "Tax", width: 38, cell: (line) => formatRate(line.taxRate, locale) },
    { title: "Amount before tax", width: withDiscount ? 76 : 86, cell: (_, amounts) => money(amounts.taxable) },
  ];
  return { item: CONTENT_WIDTH - figures.reduce((sum, column) => sum + column.width, 0), figures };
}

export const PAD = 5;
const PICTURE = 34;

function tableHeader(ctx: Context, draw: boolean, y: number): number {
  const { doc } = ctx;
  const { item, figures } = ctx.table;
  const height = 22;
  if (draw) {
    doc.rect(MARGIN, y, CONTENT_WIDTH, height).fill("#f3f4f6");
    text(ctx, true, "Item", MARGIN + PAD, y + 7, { font: "bold", size: 7.5, width: item - PAD, color: MUTED });
    let x = MARGIN + item;
    for (const column of figures) {
      text(ctx, true, column.title, x, y + 7, {
        font: "bold",
        size: 7.5,
        width: column.width - PAD,
        color: MUTED,
        align: "right",
      });
      x += column.width;
    }
  }
  return height;
}

function optionalLabel(ctx: Context, line: ProposalLine): string {
  if (ctx.chosen === null) return "Optional: tick to include; not in the totals";
  return ctx.chosen.has(line.id) ? "Optional: chosen, included in the totals" : "Optional: not chosen";
}

/** One line item's row; its height is measured with the same calls. */
function row(ctx: Context, line: ProposalDocument["lines"][number], draw: boolean, y: number): number {
  const { doc } = ctx;
  const amounts = ctx.amounts.get(line.id)!;
  const { item, figures } = ctx.table;
  const counted = amounts.included;
  let x = MARGIN + PAD;
  let width = item - 2 * PAD;
  if (line.picture) {
    if (draw)
      doc.image(bytes(line.picture.data), x, y + PAD, { fit: [PICTURE, PICTURE], align: "center", valign: "center" });
    x += PICTURE + 8;
    width -= PICTURE + 8;
  }
  if (line.optional) {
    if (draw) {
      doc
        .rect(x, y + PAD + 2, 8, 8)
        .lineWidth(0.8)
        .stroke(ACCENT);
      if (ctx.chosen?.has(line.id))
        doc
          .moveTo(x + 1.5, y + PAD + 6)
          .lineTo(x + 3.5, y + PAD + 8.5)
          .lineTo(x + 6.8, y + PAD + 3.2)
          .lineWidth(1.2)
          .stroke(ACCENT);
    }
    x += 13;
    width -= 13;
  }
  let height = text(ctx, draw, line.name, x, y + PAD, { font: "bold", size: 9, width, color: counted ? INK : MUTED });
  if (line.description)
    height +=
      1 + text(ctx, draw, line.description, x, y + PAD + height + 1, { size: 8, width, color: MUTED, lineGap: 0.5 });
  if (line.optional)
    height +=
      2 +
      text(ctx, draw, optionalLabel(ctx, line), x, y + PAD + height + 2, {
        font: "italic",
        size: 7.5,
        width,
        color: ACCENT,
      });
  let columnX = MARGIN + item;
  for (const column of figures) {
    const value = column.cell(line, amounts);
    // A long unit may wrap under its quantity; amounts stay on one line.
    if (column.title === "Quantity")
      height = Math.max(
        height,
        text(ctx, draw, value, columnX, y + PAD, {
          size: 9,
          width: column.width - PAD,
          align: "right",
          color: counted ? INK : MUTED,
        }),
      );
    else figure(ctx, draw, value, columnX, y + PAD, column.width - PAD, { size: 9, color: counted ? INK : MUTED });
    columnX += column.width;
  }
  height = Math.max(height, line.picture ? PICTURE : 0, 9 * 1.4) + 2 * PAD;
  if (draw)
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + CONTENT_WIDTH, y + height)
      .lineWidth(0.5)
      .stroke(RULE);
  return height;
}

function subtotalRow(ctx: Context, section: ProposalSection, draw: boolean, y: number): number {
  const totals = ctx.pricing.sections.find((entry) => entry.sectionId === section.id);
  const { figures } = ctx.table;
  const last = figures.at(-1)!.width;
  const labelWidth = CONTENT_WIDTH - last - PAD;
  text(ctx, draw, `Subtotal, ${section.title}`, MARGIN, y + 7, {
    font: "bold",
    size: 9,
    width: labelWidth,
    align: "right",
  });
  figure(ctx, draw, ctx.money(totals?.taxable ?? 0), MARGIN + CONTENT_WIDTH - last, y + 7, last - PAD, {
    font: "bold",
    size: 9,
  });
  // What its optional lines would add, so a subtotal of options alone does not read as free.
  const left = ctx.pricing.lines.filter((line) => line.sectionId === section.id && !line.included);
  if (!left.length) return 26;
  const more = left.reduce((sum, line) => sum + line.taxable, 0);
  const note = `Optional items ${ctx.chosen ? "not chosen" : "not included"}: ${ctx.money(more)} before tax`;
  text(ctx, draw, note, MARGIN, y + 21, {
    font: "italic",
    size: 8,
    width: CONTENT_WIDTH - PAD,
    align: "right",
    color: MUTED,
  });
  return 38;
}

function sectionHeading(ctx: Context, section: ProposalSection, draw: boolean, y: number): number {
  let height =
    text(ctx, draw, section.title, MARGIN, y, { font: "bold", size: 12, width: CONTENT_WIDTH, color: ACCENT }) + 2;
  if (section.description)
    height +=
      text(ctx, draw, section.description, MARGIN, y + height, { size: 9, width: CONTENT_WIDTH, color: MUTED }) + 2;
  return height + 6;
}

/** What tops a page that a section's rows run on to: its name and the table's header again. */
export function continued(ctx: Context, draw: boolean, y: number): number {
  if (!ctx.flowing) return 0;
  const height =
    text(ctx, draw, `${ctx.flowing.title} (continued)`, MARGIN, y, {
      font: "bold",
      size: 9,
      width: CONTENT_WIDTH,
      color: MUTED,
    }) + 6;
  return height + tableHeader(ctx, draw, y + height);
}

export function lineItems(ctx: Context) {
  const { doc, proposal: p } = ctx;
  advance(
    ctx,
    (draw, y) =>
      text(ctx, draw, "Price", MARGIN, y, { font: "bold", size: 14, width: CONTENT_WIDTH, color: ACCENT }) + 10,
  );
  for (const section of p.sections) {
    const lines = p.lines.filter((line) => line.sectionId === section.id);
    if (!lines.length) continue;
    // The heading, the header and the first row (with the subtotal when it is the only one) together.
    const first = row(ctx, lines[0]!, false, 0) + (lines.length === 1 ? subtotalRow(ctx, section, false, 0) : 0);
    if (doc.y + sectionHeading(ctx, section, false, 0) + tableHeader(ctx, false, 0) + first > BOTTOM) doc.addPage();
    advance(ctx, (draw, y) => sectionHeading(ctx, section, draw, y));
    advance(ctx, (draw, y) => tableHeader(ctx, draw, y));
    ctx.flowing = section;
    for (const [index, line] of lines.entries()) {
      const last = index === lines.length - 1;
      // The last row keeps its subtotal with it.
      const height = row(ctx, line, false, 0) + (last ? subtotalRow(ctx, section, false, 0) : 0);
      if (doc.y + height > BOTTOM) doc.addPage(); // `continued` heads the new page
      advance(ctx, (draw, y) => row(ctx, line, draw, y));
    }
    ctx.flowing = null;
    advance(ctx, (draw, y) => subtotalRow(ctx, section, draw, y) + 14);
  }
  doc.x = MARGIN;
}
