// The proposal's PDF: every line and the totals as real text, rows never cut
// across pages (a row's name and amount on one line of one page, the table's
// header above every page of rows, a section's heading never alone at a foot),
// and the acceptance or the blank signature block at the end.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { overlappingText, pdfImageCount, pdfInfo, pdfPages, pdfTextBoxes, type TextBox } from "#tests/helpers/pdf-text";
import { formatMoney } from "./money";
import type { ProposalDocument, ProposalLine } from "./proposal-document";
import { renderProposalPdf } from "./proposal-pdf.server";
import { priceProposal } from "./totals";

const SECTIONS = [
  { id: "equipment", title: "Play equipment", description: "Certified to EN 1176; colours as in the renders." },
  { id: "surfacing", title: "Safety surfacing", description: null },
  { id: "groundworks", title: "Groundworks", description: "Excavation, sub-base and disposal of spoil." },
  { id: "installation", title: "Installation", description: null },
  { id: "extras", title: "Optional extras", description: "Tick the ones you would like included." },
];
const ITEMS = [
  "Spring rider, pony",
  "Basket swing 1.2 m",
  "Rope pyramid 4 m",
  "Wetpour safety surfacing",
  "Excavation and disposal",
  "Installation crew",
  "Timber climbing frame",
  "Inclusive roundabout",
  "Stainless steel slide",
  "Shade sail",
];

async function picture(width: number, height: number, sky: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${sky}"/><rect y="${height * 0.62}" width="100%" height="${height * 0.38}" fill="#4d7c0f"/>
    <rect x="${width * 0.3}" y="${height * 0.3}" width="${width * 0.22}" height="${height * 0.34}" fill="#b45309"/>
    <polygon points="${width * 0.28},${height * 0.3} ${width * 0.41},${height * 0.14} ${width * 0.54},${height * 0.3}" fill="#dc2626"/>
    <rect x="${width * 0.52}" y="${height * 0.42}" width="${width * 0.26}" height="${height * 0.05}" fill="#facc15" transform="rotate(18 ${width * 0.52} ${height * 0.42})"/>
    <circle cx="${width * 0.8}" cy="${height * 0.2}" r="${height * 0.08}" fill="#fde047"/></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A proposal of `count` lines over five sections, every tenth line optional, some discounted, two tax rates. */
async function sampleProposal(count: number, fields: Partial<ProposalDocument> = {}): Promise<ProposalDocument> {
  const lines: ProposalLine[] = Array.from({ length: count }, (_, index) => {
    const section = SECTIONS[Math.min(Math.floor((index * SECTIONS.length) / count), SECTIONS.length - 1)]!;
    const n = String(index + 1).padStart(3, "0");
    return {
      id: `line-${n}`,
      sectionId: section.id,
      name: `${ITEMS[index % ITEMS.length]} (item ${n})`,
      description:
        index % 3 === 0
          ? "Galvanised steel frame, powder-coated; HDPE panels; fixed in concrete footings to the manufacturer's depth."
          : null,
      unit: section.id === "surfacing" ? "m²" : section.id === "installation" ? "day" : null,
      quantity: section.id === "surfacing" ? 12_500 + index * 250 : 1_000 * (1 + (index % 4)),
      unitPrice: 12_345 + index * 977, // every price its own
      discount:
        index % 7 === 0 ? { kind: "percent", rate: 10_000 } : index % 11 === 0 ? { kind: "amount", amount: 500 } : null,
      taxRate: section.id === "installation" ? 5_000 : 20_000,
      optional: section.id === "extras" || index % 10 === 9,
    };
  });
  return {
    company: {
      name: "Acme Play Ltd",
      address: "12 Harbour Road, Bristol BS1 4ZZ",
      phone: "0117 496 0100",
      email: "hello@acmeplay.test",
      website: "https://acmeplay.test",
      logo: null,
    },
    money: { currency: "GBP", locale: "en-GB" },
    proposal: {
      title: "Northtown Primary: the back field",
      version: 2,
      issuedOn: "2026-03-02",
      validUntil: "2026-04-30",
      preparedBy: { name: "Jo Marsh", email: "jo@acmeplay.test", phone: "0117 496 0101" },
      versionSha256: "9f2c4e1d7b0a8c3e5f6a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60",
    },
    client: { name: "Northtown Primary School", contactName: "Sam Patel, Business Manager", address: null },
    site: "Back field, Northtown Primary",
    hero: await picture(1280, 800, "#bae6fd"),
    introduction:
      "Thank you for asking us to design the back field. This proposal follows our visit on 12 February and the ideas the school council drew for us.\n\nThe design keeps the mature oaks, puts the toddler area near the classrooms and the climbing frame where the ground drains best. Everything is certified to EN 1176 and EN 1177.",
    sections: SECTIONS,
    lines,
    terms:
      "Prices are fixed until the date above. 30 % is invoiced on order, the rest on completion. Groundworks assume normal soil; rock or buried services are quoted separately.\n\nEquipment carries a 15-year warranty on steel, 5 years on timber and 2 years on moving parts.",
    acceptance: null,
    ...fields,
  };
}

/** Each line's name box and the box of its amount, page by page. */
async function boxesByPage(pdf: Buffer, pages: number): Promise<TextBox[][]> {
  return Promise.all(Array.from({ length: pages }, (_, index) => pdfTextBoxes(pdf, index + 1)));
}

describe("the proposal PDF", () => {
  test("200 lines: every row whole on one page under the table's header, and the totals, as real text", async () => {
    const proposal = await sampleProposal(200);
    const pdf = await renderProposalPdf(proposal);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const pages = await pdfPages(pdf);
    const boxes = await boxesByPage(pdf, pages.length);
    const pricing = priceProposal(proposal.lines);
    const money = (minor: number) => formatMoney(minor, proposal.money);

    for (const line of proposal.lines) {
      const found = boxes.flatMap((page, index) =>
        page.filter((box) => box.text === line.name).map((box) => ({ box, index })),
      );
      expect(found, line.name).toHaveLength(1);
      const { box, index } = found[0]!;
      // Its amount on the same page, on the name's first line: the row was never cut.
      const amount = money(pricing.lines.find((entry) => entry.id === line.id)!.taxable);
      const unitPrice = money(line.unitPrice);
      for (const figure of [amount, unitPrice]) {
        expect(
          boxes[index]!.some((other) => other.text === figure && Math.abs(other.top - box.top) < 2),
          `${line.name}: ${figure} on page ${index + 1}`,
        ).toBe(true);
      }
      // Under the table's header on its page.
      const header = boxes[index]!.find((other) => other.text === "Unit price");
      expect(header && header.bottom > box.top, `${line.name}: header above it`).toBe(true);
      if (line.description) expect(pages[index]).toContain(line.description.slice(0, 40));
    }
    expect(pages.length).toBeGreaterThan(6);
    expect(pages.length).toBeLessThan(20);
    // A section's heading is never alone at a page's foot: its first line is on the same page.
    for (const section of SECTIONS) {
      const headingPage = boxes.findIndex((page) => page.some((box) => box.text === section.title));
      const first = proposal.lines.find((line) => line.sectionId === section.id)!;
      expect(pages[headingPage], section.title).toContain(first.name);
    }
    // The totals and their parts.
    const text = pages.join("\n");
    for (const figure of [pricing.totals.net, pricing.totals.discount, pricing.totals.taxable, pricing.totals.gross])
      expect(text).toContain(money(figure));
    for (const band of pricing.totals.taxes)
      expect(text).toContain(`Tax at ${band.rate / 1000}% on ${money(band.taxable)}`);
    for (const section of pricing.sections) {
      const title = SECTIONS.find((entry) => entry.id === section.sectionId)!.title;
      expect(text).toContain(`Subtotal, ${title}`);
      expect(text).toContain(money(section.taxable));
    }
    expect(text).toContain(
      `With every optional item the total is ${money(pricing.totals.gross + pricing.notChosen.gross)}`,
    );
    // The cover: the title, the client, the dates and the total at a glance.
    for (const words of [
      "Northtown Primary: the back field",
      "For Northtown Primary School",
      "2 March 2026",
      "30 April 2026",
      "Version 2",
    ])
      expect(pages[0]).toContain(words);
    expect(pages[0]).toContain(money(pricing.totals.gross));
    expect(await pdfImageCount(pdf, 1)).toBe(1); // the hero
    // The blank signature block, with a box for each optional line, and the version's hash.
    const last = pages.at(-1)!;
    expect(last).toContain("Acceptance");
    expect(last).toContain(
      `Optional items: tick the box beside each of the ${proposal.lines.filter((line) => line.optional).length} you choose in the price list.`,
    );
    expect(last).toContain(proposal.proposal.versionSha256);
    for (const [index] of pages.entries())
      if (index > 0) expect(pages[index], `page ${index + 1}`).toContain(`Page ${index + 1} of ${pages.length}`);
    // Nothing written over anything else.
    for (const [index, page] of boxes.entries()) expect(overlappingText(page), `page ${index + 1}`).toEqual([]);
    expect(await pdfInfo(pdf)).toMatchObject({
      Title: "Northtown Primary: the back field (version 2)",
      Author: "Acme Play Ltd",
    });

    // Another reader gets the same text out (what a committee copies into its spreadsheet).
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "proposal-")), "proposal.pdf");
    fs.writeFileSync(file, pdf);
    const extracted = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    fs.rmSync(path.dirname(file), { recursive: true });
    expect(extracted).toContain(proposal.lines[137]!.name);
    expect(extracted).toContain(money(pricing.totals.gross));
  });

  test("an accepted version records who, when, the typed name, the drawn signature and the options chosen", async () => {
    const signature = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#00000000" } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40 S 220 80, 290 30" stroke="#1e3a8a" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const proposal = await sampleProposal(30, {
      hero: null,
      money: { currency: "EUR", locale: "de-DE" },
      client: { name: "Gemeinde Großhöchstädt", contactName: "Zoë Łukasiewicz", address: null },
      acceptance: {
        name: "Zoë Łukasiewicz",
        email: "zoe@gemeinde.test",
        typedName: "Zoë Łukasiewicz",
        acceptedAt: new Date("2026-03-09T10:15:00Z"),
        signaturePng: signature,
        chosenLineIds: ["line-010", "line-025"],
      },
    });
    const pdf = await renderProposalPdf(proposal);
    const pages = await pdfPages(pdf);
    const text = pages.join("\n");
    const pricing = priceProposal(proposal.lines, ["line-010", "line-025"]);
    const money = (minor: number) => formatMoney(minor, proposal.money);
    expect(pages[0]).toContain("Total as accepted");
    // "1.234,56 €": the locale's own marks (a reader gives its no-break space back as a space).
    expect(pages[0]).toContain(money(pricing.totals.gross).replace("\u00a0", " "));
    expect(money(pricing.totals.gross)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
    expect(text).toContain("Gemeinde Großhöchstädt");
    const last = pages.at(-1)!;
    for (const words of [
      "Accepted",
      "Zoë Łukasiewicz <zoe@gemeinde.test>",
      "2026-03-09 10:15 UTC",
      "Name typed as signature",
      "Drawn signature",
      proposal.lines[9]!.name,
      proposal.lines[24]!.name,
      proposal.proposal.versionSha256,
    ])
      expect(last, words).toContain(words);
    expect(last).not.toContain("Optional items you choose");
    expect(text).toContain("Optional: chosen, included in the totals");
    expect(text).toContain("Optional: not chosen");
    expect(await pdfImageCount(pdf, pages.length)).toBe(1); // the signature
    expect(await pdfImageCount(pdf, 1)).toBe(0); // no hero given
  });

  test("a section's heading is never left alone at a page's foot, wherever the page ends", async () => {
    // As the first section grows by a row, the second's heading meets the foot of the page at some length.
    let moved = 0;
    for (let rows = 23; rows <= 25; rows++) {
      const proposal = await sampleProposal(rows, { hero: null, introduction: null, terms: null });
      proposal.lines = proposal.lines.map((line) => ({
        ...line,
        sectionId: "equipment",
        description: null,
        optional: false,
      }));
      proposal.lines.push(
        ...["Second section's first line", "Second section's last line"].map((name, index) => ({
          ...proposal.lines[0]!,
          id: `second-${index}`,
          sectionId: "surfacing",
          name,
        })),
      );
      const pages = await pdfPages(await renderProposalPdf(proposal));
      const heading = pages.findIndex((page) => page.includes("Safety surfacing"));
      expect(pages[heading], `${rows} rows before it`).toContain("Second section's first line");
      expect(pages[heading], `${rows} rows before it`).toContain("Item Quantity Unit price");
      if (!pages[heading]!.includes(proposal.lines[rows - 1]!.name)) moved++;
    }
    // At least one length put the heading at a page's foot, where it went on to the next page with its rows.
    expect(moved).toBeGreaterThan(0);
  });

  test("the longest line the form allows still fits a page, and a proposal with no lines still prints", async () => {
    const long = "Wide words ".repeat(180).slice(0, 2000);
    const proposal = await sampleProposal(3);
    proposal.lines[1] = { ...proposal.lines[1]!, name: "N".repeat(200), description: long, unit: "linear metres each" };
    const pages = await pdfPages(await renderProposalPdf(proposal));
    expect(pages.join(" ")).toContain(long.slice(-40).trim());
    const empty = await pdfPages(await renderProposalPdf(await sampleProposal(0, { introduction: null, terms: null })));
    expect(empty.at(-1)).toContain("Total");
  });
});
