// After the line items: the totals with tax by rate, then a blank signature
// block (with boxes for the optional items) or the record of the acceptance.
import { formatRate } from "../money";
import {
  ACCENT,
  bytes,
  calendarDate,
  CONTENT_WIDTH,
  type Context,
  figure,
  INK,
  MARGIN,
  MUTED,
  text,
  utcMinute,
} from "./layout.server";

/** Optional items named in the signature block or the acceptance; beyond, the price list's boxes speak for them. */
const LISTED_OPTIONS = 10;

export function totalsBlock(ctx: Context, draw: boolean, y: number): number {
  const { pricing, money, proposal: p, doc } = ctx;
  const { totals, notChosen } = pricing;
  const locale = p.money.locale;
  const width = 300;
  const x = MARGIN + CONTENT_WIDTH - width;
  const rows: [string, string][] = [];
  if (totals.discount) rows.push(["Before discounts", money(totals.net)], ["Discounts", `−${money(totals.discount)}`]);
  rows.push(["Total before tax", money(totals.taxable)]);
  for (const band of totals.taxes)
    rows.push([`Tax at ${formatRate(band.rate, locale)} on ${money(band.taxable)}`, money(band.tax)]);
  let at = y;
  for (const [label, value] of rows) {
    text(ctx, draw, label, x, at, { size: 9, width: width - 110, color: MUTED });
    at += figure(ctx, draw, value, x + width - 110, at, 110, { size: 9 }) + 1;
  }
  at += 4;
  if (draw)
    doc
      .moveTo(x, at)
      .lineTo(x + width, at)
      .lineWidth(1)
      .stroke(INK);
  at += 6;
  const label = ctx.chosen !== null ? "Total as accepted" : totals.tax ? "Total including tax" : "Total";
  text(ctx, draw, label, x, at + 2, { font: "bold", size: 11, width: width - 130 });
  at += figure(ctx, draw, money(totals.gross), x + width - 150, at, 150, { font: "bold", size: 13 }) + 4;
  const notes: string[] = [];
  if (totals.taxes.length)
    notes.push("Tax is worked out and rounded line by line; each rate's tax is the sum of its lines.");
  if (notChosen.lines) {
    const items = `${notChosen.lines} optional ${notChosen.lines === 1 ? "item" : "items"}`;
    notes.push(
      ctx.chosen === null
        ? `Not included above: ${items}, ${money(notChosen.taxable)} before tax (${money(notChosen.gross)} with tax). With every optional item the total is ${money(totals.gross + notChosen.gross)}.`
        : `Not chosen: ${items}, ${money(notChosen.gross)} with tax.`,
    );
  }
  for (const note of notes) at += text(ctx, draw, note, x, at, { size: 8, width, color: MUTED }) + 3;
  return at - y + 10;
}

// ---- Acceptance

export function signatureBlock(ctx: Context, draw: boolean, y: number): number {
  const { proposal: p, doc, pricing } = ctx;
  let at = y;
  at += text(ctx, draw, "Acceptance", MARGIN, at, { font: "bold", size: 14, width: CONTENT_WIDTH, color: ACCENT }) + 6;
  at +=
    text(
      ctx,
      draw,
      `To accept this proposal, sign below on behalf of ${p.client.name} and return a copy to ${p.company.name}${p.proposal.validUntil ? ` by ${calendarDate(p.proposal.validUntil, p.money.locale)}` : ""}.`,
      MARGIN,
      at,
      { size: 10, width: CONTENT_WIDTH },
    ) + 10;
  const optional = p.lines.filter((line) => line.optional);
  if (optional.length > LISTED_OPTIONS) {
    at +=
      text(
        ctx,
        draw,
        `Optional items: tick the box beside each of the ${optional.length} you choose in the price list.`,
        MARGIN,
        at,
        { font: "bold", size: 9, width: CONTENT_WIDTH },
      ) + 8;
  } else if (optional.length) {
    at +=
      text(ctx, draw, "Optional items you choose (tick each):", MARGIN, at, {
        font: "bold",
        size: 9,
        width: CONTENT_WIDTH,
      }) + 4;
    for (const line of optional) {
      if (draw)
        doc
          .rect(MARGIN, at + 2, 8, 8)
          .lineWidth(0.8)
          .stroke(INK);
      const amount = ctx.money(pricing.lines.find((entry) => entry.id === line.id)!.gross);
      at +=
        text(ctx, draw, `${line.name}: ${amount} with tax`, MARGIN + 14, at, { size: 9, width: CONTENT_WIDTH - 14 }) +
        3;
    }
    at += 8;
  }
  const fieldWidth = (CONTENT_WIDTH - 24) / 2;
  for (const [index, label] of ["Name", "Position", "Signature", "Date"].entries()) {
    const fx = MARGIN + (index % 2) * (fieldWidth + 24);
    const fy = at + Math.floor(index / 2) * 46 + 28;
    if (draw)
      doc
        .moveTo(fx, fy)
        .lineTo(fx + fieldWidth, fy)
        .lineWidth(0.7)
        .stroke(INK);
    text(ctx, draw, label, fx, fy + 3, { size: 8, width: fieldWidth, color: MUTED });
  }
  at += 2 * 46 + 14;
  at += text(ctx, draw, `Version ${p.proposal.version} · SHA-256 ${p.proposal.versionSha256}`, MARGIN, at, {
    size: 7,
    width: CONTENT_WIDTH,
    color: MUTED,
  });
  return at - y;
}

/** The options' names, or how many when there are more than a block can hold (the price list ticks each). */
function optionsChosen(names: string[], of: number): string {
  if (!names.length) return "None";
  if (names.length <= LISTED_OPTIONS) return names.join("\n");
  return `${names.length} of ${of}, each ticked in the price list`;
}

export function acceptanceRecord(ctx: Context, draw: boolean, y: number): number {
  const { proposal: p, doc } = ctx;
  const record = p.acceptance!;
  let at = y;
  at += text(ctx, draw, "Accepted", MARGIN, at, { font: "bold", size: 14, width: CONTENT_WIDTH, color: ACCENT }) + 8;
  const chosen = p.lines.filter((line) => line.optional && ctx.chosen!.has(line.id)).map((line) => line.name);
  const optional = p.lines.filter((line) => line.optional);
  const fields: [string, string][] = [
    ["Accepted by", `${record.name} <${record.email}>`],
    ["On", utcMinute(record.acceptedAt)],
    ["Name typed as signature", record.typedName],
    ...(optional.length ? [["Optional items chosen", optionsChosen(chosen, optional.length)] as [string, string]] : []),
    ["Total as accepted", ctx.money(ctx.pricing.totals.gross)],
    ["Version", `Version ${p.proposal.version}, SHA-256 ${p.proposal.versionSha256}`],
  ];
  for (const [label, value] of fields) {
    text(ctx, draw, label, MARGIN, at, { size: 8, width: 130, color: MUTED });
    at += text(ctx, draw, value, MARGIN + 140, at - 1, { size: 10, width: CONTENT_WIDTH - 140 }) + 6;
    if (label === "Name typed as signature" && record.signaturePng) {
      const height = 60;
      text(ctx, draw, "Drawn signature", MARGIN, at, { size: 8, width: 130, color: MUTED });
      if (draw) doc.image(bytes(record.signaturePng), MARGIN + 140, at, { fit: [220, height], valign: "center" });
      at += height + 8;
    }
  }
  at += text(ctx, draw, "Accepted in the client portal; the signed record is kept with the proposal.", MARGIN, at, {
    size: 8,
    width: CONTENT_WIDTH,
    color: MUTED,
  });
  return at - y;
}
