// The project book as a PDF (pdfkit, on the server): a cover with the
// company's details and what the book holds, one page per project (hero
// picture from the stored variants, facts, story), and a contact page. Text is
// real text (selectable, searchable) in the standard Helvetica.
import PDFDocument from "pdfkit";
import { printImage, type PrintImage } from "~/.server/images/print";
import { AGE_GROUP_LABELS, SURFACING_LABELS } from "~/domain/projects/schema";
import { decimal, longDate } from "~/lib/format";
import type { BookProject, ProjectBook } from "./project-book.server";

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const ACCENT = "#0f766e";
const MUTED = "#555555";

/** Helvetica's encoding (WinAnsi) has Latin-1 and common punctuation only: anything else would print as noise. */
function printable(text: string): string {
  return text.normalize("NFC").replace(/[^\t\n\r\x20-\x7e\xa0-\xff‘’“”–—•…€™]/g, "?");
}

/** Pictures converted two at a time: the machine's other work goes on meanwhile. */
async function heroImages(projects: BookProject[]): Promise<Map<string, PrintImage>> {
  const images = new Map<string, PrintImage>();
  const queue = projects.filter((project) => project.hero);
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const image = await printImage(project.hero!.key, project.hero!.width).catch(() => null);
      if (image) images.set(project.id, image);
    }
  };
  await Promise.all([worker(), worker()]);
  return images;
}

function cover(doc: PDFKit.PDFDocument, book: ProjectBook, filters: string[], today: string) {
  const company = book.company.name ?? "Our playgrounds";
  doc.rect(0, 0, PAGE.width, 300).fill(ACCENT);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(36).text(printable(company), MARGIN, 150, {
    width: CONTENT_WIDTH,
  });
  doc
    .font("Helvetica")
    .fontSize(18)
    .text("Project book", MARGIN, doc.y + 8, { width: CONTENT_WIDTH });
  doc.fillColor("#111111").fontSize(12).text(today, MARGIN, 340);
  const count = `${book.projects.length} ${book.projects.length === 1 ? "project" : "projects"}`;
  doc.moveDown(0.5).fontSize(14).font("Helvetica-Bold").text(count);
  doc.font("Helvetica").fontSize(11).fillColor(MUTED);
  for (const line of filters) doc.text(printable(line));
  if (book.truncated) doc.text("The first projects of a longer list; narrow the filters for the rest.");
  const details = [book.company.address, book.company.phone].filter((line): line is string => !!line);
  if (details.length) {
    doc
      .fillColor("#111111")
      .fontSize(11)
      .text(printable(details.join("\n")), MARGIN, PAGE.height - MARGIN - 60, {
        width: CONTENT_WIDTH,
      });
  }
}

/** The facts box of the project page, without the rows that have no value. */
function factsOf(project: BookProject): [string, string][] {
  const area = decimal(project.totalSqFeet);
  const facts: [string, string | null][] = [
    ["Location", project.location],
    ["Sector", project.industryType],
    ["Installed", longDate(project.endDate)],
    ["Age groups", project.ageGroups.map((group) => AGE_GROUP_LABELS[group]).join(", ") || null],
    ["Inclusive play", project.inclusivePlay ? "Yes: children of all abilities play together" : null],
    [
      "Capacity",
      project.capacity === null ? null : `${project.capacity} ${project.capacity === 1 ? "child" : "children"} at once`,
    ],
    ["Total play area", area ? `${area} sq ft` : null],
    ["Levels", project.levels === null ? null : String(project.levels)],
    ["Surfacing", project.surfacing ? SURFACING_LABELS[project.surfacing] : null],
    ["Theme", project.themeStyle],
    ["Playground options", project.options.length ? project.options.join(", ") : null],
  ];
  return facts.filter((fact): fact is [string, string] => !!fact[1]);
}

/** The story as the page tells it: the introduction, the brief, our solution, the result, the quote. */
function storyOf(project: BookProject): { title: string | null; text: string; italic?: boolean }[] {
  const { story, quote } = project;
  const parts: { title: string | null; text: string | null; italic?: boolean }[] = [
    { title: null, text: project.description },
    { title: "The brief", text: story.brief },
    { title: "Our solution", text: story.solution },
    { title: "The result", text: story.result },
    {
      title: null,
      text: quote ? `“${quote.text}”\n— ${quote.author}${quote.role ? `, ${quote.role}` : ""}` : null,
      italic: true,
    },
  ];
  return parts.filter((part): part is { title: string | null; text: string; italic?: boolean } => !!part.text?.trim());
}

const HERO_HEIGHT = 270;

/**
 * One page, however long the story: the facts in two columns under the hero,
 * then each part of the story gets an equal share of what room is left (a
 * short part hands its unused room on) and ends with an ellipsis if cut.
 */
function projectPage(doc: PDFKit.PDFDocument, project: BookProject, image: PrintImage | undefined) {
  doc.addPage();
  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(22).text(printable(project.title), MARGIN, MARGIN, {
    width: CONTENT_WIDTH,
    height: 60,
    ellipsis: true,
  });
  doc.fillColor(MUTED).font("Helvetica").fontSize(12).text(printable(project.clientName), { width: CONTENT_WIDTH });
  let y = doc.y + 10;
  if (image) {
    doc.image(image.data, MARGIN, y, { fit: [CONTENT_WIDTH, HERO_HEIGHT], align: "center", valign: "center" });
    y += HERO_HEIGHT + 14;
  }

  // Facts: two columns of label and value; a long value (the options) takes the whole width.
  const column = (CONTENT_WIDTH - 16) / 2;
  const label = 82;
  let row = 0;
  let rowTop = y;
  let rowBottom = y;
  doc.fontSize(9);
  for (const [name, value] of factsOf(project)) {
    const wide = value.length > 48;
    if (wide && row % 2 === 1) row++;
    if (row % 2 === 0) rowTop = rowBottom;
    const x = MARGIN + (row % 2) * (column + 16);
    const valueWidth = (wide ? CONTENT_WIDTH : column) - label;
    doc
      .fillColor(MUTED)
      .font("Helvetica-Bold")
      .text(name, x, rowTop, { width: label - 6 });
    rowBottom = Math.max(rowBottom, doc.y + 3);
    doc
      .fillColor("#111111")
      .font("Helvetica")
      .text(printable(value), x + label, rowTop, {
        width: valueWidth,
        height: 40,
        ellipsis: true,
      });
    rowBottom = Math.max(rowBottom, doc.y + 3);
    row += wide ? 2 : 1;
  }
  y = rowBottom + 8;

  // A little short of the margin: pdfkit starts a new page for text that reaches past it.
  const bottom = PAGE.height - MARGIN - 4;
  const parts = storyOf(project);
  for (const [index, part] of parts.entries()) {
    const share = (bottom - y) / (parts.length - index);
    const titleHeight = part.title ? 16 : 0;
    if (share < titleHeight + 14) break;
    if (part.title) {
      doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(11).text(part.title, MARGIN, y, { width: CONTENT_WIDTH });
    }
    const options = { width: CONTENT_WIDTH, lineGap: 1.5 };
    doc
      .fillColor("#111111")
      .font(part.italic ? "Helvetica-Oblique" : "Helvetica")
      .fontSize(10);
    const text = printable(part.text.trim());
    const height = Math.min(doc.heightOfString(text, options), share - titleHeight);
    doc.text(text, MARGIN, y + titleHeight, { ...options, height, ellipsis: true });
    y += titleHeight + height + 8;
  }
}

function contactPage(doc: PDFKit.PDFDocument, book: ProjectBook, origin: string) {
  doc.addPage();
  doc
    .fillColor(ACCENT)
    .font("Helvetica-Bold")
    .fontSize(28)
    .text("Let's build yours", MARGIN, MARGIN + 80);
  doc.moveDown(0.5).fillColor("#111111").font("Helvetica").fontSize(13);
  doc.text("Tell us about your site and who will play there, and we will come back with ideas and a quote.", {
    width: CONTENT_WIDTH,
  });
  doc.moveDown();
  const { company } = book;
  if (company.name) doc.font("Helvetica-Bold").text(printable(company.name));
  doc.font("Helvetica");
  if (company.address) doc.text(printable(company.address));
  if (company.phone) doc.text(`Phone: ${printable(company.phone)}`);
  doc.moveDown();
  doc.fillColor(ACCENT).text(origin, { link: origin, underline: true });
  for (const link of company.links) doc.text(printable(link), { link, underline: true });
}

export async function renderProjectBook(
  book: ProjectBook,
  options: { origin: string; filters: string[]; today?: Date },
): Promise<Buffer> {
  const images = await heroImages(book.projects);
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${book.company.name ?? "Playfolio"} project book`, Creator: "Playfolio" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const today = (options.today ?? new Date()).toLocaleDateString("en-US", { dateStyle: "long" });
  cover(doc, book, options.filters, today);
  for (const project of book.projects) projectPage(doc, project, images.get(project.id));
  contactPage(doc, book, options.origin);
  doc.end();
  return done;
}
