// The cover: the company, the hero render, the title and client, the dates and
// who prepared it, and the total at a glance.
import {
  ACCENT,
  ACCENT_LIGHT,
  BOTTOM,
  bytes,
  calendarDate,
  CONTENT_WIDTH,
  type Context,
  figure,
  INK,
  MARGIN,
  MUTED,
  PAGE,
  RULE,
  text,
} from "./layout.server";

export function cover(ctx: Context) {
  const { doc, proposal: p, pricing } = ctx;
  // The company's details sit below the text's margin: pdfkit would otherwise start a page for them.
  doc.page.margins.bottom = 0;
  let y = MARGIN;
  if (p.company.logo) {
    doc.image(bytes(p.company.logo.data), MARGIN, y, { fit: [170, 52], valign: "center" });
  } else {
    text(ctx, true, p.company.name, MARGIN, y + 12, { font: "bold", size: 16, width: 300, color: INK });
  }
  text(ctx, true, "Proposal", MARGIN, y + 8, {
    font: "bold",
    size: 11,
    width: CONTENT_WIDTH,
    align: "right",
    color: ACCENT,
  });
  text(ctx, true, `Version ${p.proposal.version}`, MARGIN, y + 24, {
    size: 9,
    width: CONTENT_WIDTH,
    align: "right",
    color: MUTED,
  });
  y += 72;

  // Without a render, a band of the company's colour: shorter, so the cover does not look empty.
  const heroHeight = p.hero ? 300 : 150;
  doc.save();
  doc.roundedRect(MARGIN, y, CONTENT_WIDTH, heroHeight, 6).clip();
  if (p.hero)
    doc.image(bytes(p.hero.data), MARGIN, y, { cover: [CONTENT_WIDTH, heroHeight], align: "center", valign: "center" });
  else doc.rect(MARGIN, y, CONTENT_WIDTH, heroHeight).fill(ACCENT);
  doc.restore();
  if (!p.hero)
    text(ctx, true, p.company.name, MARGIN + 24, y + heroHeight - 44, {
      font: "bold",
      size: 18,
      width: CONTENT_WIDTH - 48,
      color: "#ffffff",
    });
  y += heroHeight + 24;

  y += text(ctx, true, p.proposal.title, MARGIN, y, { font: "bold", size: 24, width: CONTENT_WIDTH, lineGap: 1 }) + 6;
  y += text(ctx, true, `For ${p.client.name}`, MARGIN, y, { size: 13, width: CONTENT_WIDTH, color: INK }) + 2;
  const under = [p.client.contactName, p.site].filter((line): line is string => !!line).join(" · ");
  if (under) y += text(ctx, true, under, MARGIN, y, { size: 10, width: CONTENT_WIDTH, color: MUTED });
  y += 18;

  // Facts on the left, the total at a glance on the right.
  const facts: [string, string][] = [
    ["Issued", calendarDate(p.proposal.issuedOn, p.money.locale)],
    ...(p.proposal.validUntil
      ? [["Valid until", calendarDate(p.proposal.validUntil, p.money.locale)] as [string, string]]
      : []),
    ...(p.proposal.preparedBy
      ? [
          [
            "Prepared by",
            [p.proposal.preparedBy.name, p.proposal.preparedBy.email, p.proposal.preparedBy.phone]
              .filter(Boolean)
              .join("\n"),
          ] as [string, string],
        ]
      : []),
  ];
  let factY = y;
  for (const [label, value] of facts) {
    text(ctx, true, label, MARGIN, factY, { size: 8, width: 90, color: MUTED });
    factY += text(ctx, true, value, MARGIN + 80, factY - 1, { size: 10, width: 190 }) + 6;
  }
  const boxX = MARGIN + CONTENT_WIDTH - 220;
  const accepted = ctx.chosen !== null;
  const lines = [
    accepted ? "Total as accepted" : pricing.totals.tax ? "Total including tax" : "Total",
    ctx.money(pricing.totals.gross),
    !accepted && pricing.notChosen.lines
      ? `${ctx.money(pricing.totals.gross + pricing.notChosen.gross)} with every optional item`
      : null,
  ];
  const boxHeight = lines[2] ? 78 : 62;
  doc.roundedRect(boxX, y - 6, 220, boxHeight, 6).fill(ACCENT_LIGHT);
  text(ctx, true, lines[0]!, boxX + 14, y + 4, { size: 9, width: 192, color: ACCENT });
  figure(ctx, true, lines[1]!, boxX + 14, y + 18, 192, { font: "bold", size: 20, color: INK });
  if (lines[2]) text(ctx, true, lines[2], boxX + 14, y + 50, { size: 8, width: 192, color: MUTED, align: "right" });

  // The company at the foot of the cover.
  const contact = [
    p.company.address,
    [p.company.phone, p.company.email, p.company.website].filter(Boolean).join(" · "),
  ].filter((line): line is string => !!line);
  doc
    .moveTo(MARGIN, PAGE.height - 104)
    .lineTo(PAGE.width - MARGIN, PAGE.height - 104)
    .lineWidth(0.5)
    .stroke(RULE);
  text(ctx, true, p.company.name, MARGIN, PAGE.height - 94, { font: "bold", size: 10, width: CONTENT_WIDTH });
  text(ctx, true, contact.join("\n"), MARGIN, PAGE.height - 80, {
    size: 9,
    width: CONTENT_WIDTH,
    color: MUTED,
    lineGap: 1,
  });
  doc.page.margins.bottom = PAGE.height - BOTTOM;
}
