// The project book as a PDF (pdfkit, on the server): a cover with the
// company's logo, name and what the book holds, each project from a new page
// (hero picture from the stored variants, facts, a link back to its online
// case study, the story flowing on to as many pages as it needs), and a
// contact page; every page after the cover is numbered and signed with the
// company's logo and name. Text is real text (selectable, searchable) in the
// standard Helvetica.
import PDFDocument from "pdfkit";
import { printImage, type PrintImage } from "~/.server/images/print";
import { projectPath } from "~/domain/projects/embed";
import { AGE_GROUP_LABELS, SURFACING_LABELS } from "~/domain/projects/schema";
import { companyName } from "~/lib/company-name";
import { decimal, longDate } from "~/lib/format";
import type { BookProject, ProjectBook } from "./project-book.server";

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 48;
/** Text flows down to here; the footer sits below. */
const BOTTOM_MARGIN = 80;
const FOOTER_TOP = PAGE.height - 56;
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

/**
 * pdfkit embeds a picture once when it is given the opened image again (its
 * typings only know paths and buffers): the logo on every page costs its bytes once.
 */
type OpenedImage = PDFKit.Mixins.ImageSrc;
interface Logo {
  image: OpenedImage;
  width: number;
  height: number;
}
function openImage(doc: PDFKit.PDFDocument, data: Buffer): OpenedImage {
  return (doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(data);
}

function cover(doc: PDFKit.PDFDocument, book: ProjectBook, filters: string[], today: string, logo: OpenedImage | null) {
  doc.rect(0, 0, PAGE.width, 300).fill(ACCENT);
  if (logo) {
    // On a white card: a logo is drawn for a light background.
    doc.roundedRect(MARGIN, MARGIN, 200, 80, 6).fill("#ffffff");
    doc.image(logo, MARGIN + 12, MARGIN + 10, { fit: [176, 60], align: "center", valign: "center" });
  }
  doc
    .fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(36)
    .text(printable(companyName(book.company.name)), MARGIN, 150, {
      width: CONTENT_WIDTH,
    });
  doc
    .font("Helvetica")
    .fontSize(18)
    .text("Project book", MARGIN, doc.y + 8, { width: CONTENT_WIDTH });
  doc
    .fillColor("#111111")
    .fontSize(12)
    .text(today, MARGIN, Math.max(340, doc.y + 40));
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
      .text(printable(details.join("\n")), MARGIN, PAGE.height - BOTTOM_MARGIN - 60, {
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
const BODY_OPTIONS = { width: CONTENT_WIDTH, lineGap: 1.5, paragraphGap: 4 };

/**
 * A project from a new page: title, client, the link back to its online case
 * study, hero, the facts in two columns, then the story, which flows on to as
 * many pages as it needs (each headed "<title> (continued)"); a part's heading
 * never sits alone at the foot of a page.
 */
function projectPage(
  doc: PDFKit.PDFDocument,
  project: BookProject,
  image: PrintImage | undefined,
  publicUrl: string | null,
  flow: Flow,
) {
  flow.project = null;
  doc.addPage();
  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(22).text(printable(project.title), MARGIN, MARGIN, {
    width: CONTENT_WIDTH,
  });
  doc.fillColor(MUTED).font("Helvetica").fontSize(12).text(printable(project.clientName), { width: CONTENT_WIDTH });
  if (publicUrl) {
    const url = `${publicUrl}${projectPath(project)}`;
    doc.moveDown(0.2).fontSize(10).text("Online: ", { continued: true });
    doc.fillColor(ACCENT).text(url, { link: url, underline: true });
  }
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
    doc
      .fillColor(MUTED)
      .font("Helvetica-Bold")
      .text(name, x, rowTop, { width: label - 6 });
    rowBottom = Math.max(rowBottom, doc.y + 3);
    doc
      .fillColor("#111111")
      .font("Helvetica")
      .text(printable(value), x + label, rowTop, { width: (wide ? CONTENT_WIDTH : column) - label });
    rowBottom = Math.max(rowBottom, doc.y + 3);
    row += wide ? 2 : 1;
  }
  doc.x = MARGIN;
  doc.y = rowBottom + 8;

  flow.project = project;
  for (const part of storyOf(project)) {
    const text = printable(part.text.trim());
    flow.font = part.italic ? "Helvetica-Oblique" : "Helvetica";
    doc.font(flow.font).fontSize(10);
    // A heading and at least two lines of its text together, or a new page.
    const lead = (part.title ? 16 : 0) + Math.min(doc.heightOfString(text, BODY_OPTIONS), 30);
    if (doc.y + lead > PAGE.height - BOTTOM_MARGIN) doc.addPage();
    if (part.title) {
      doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(11).text(part.title, MARGIN, doc.y, BODY_OPTIONS);
      doc.moveDown(0.2);
    }
    doc.fillColor("#111111").font(flow.font).fontSize(10).text(text, MARGIN, doc.y, BODY_OPTIONS);
    doc.moveDown(0.6);
  }
  flow.project = null;
}

/** What a page the story runs on to needs to know: whose story, in which type. */
interface Flow {
  project: BookProject | null;
  font: string;
}

/** Heads a page a story runs on to, then hands the text its type back. */
function continuedHeading(doc: PDFKit.PDFDocument, flow: Flow) {
  if (!flow.project) return;
  doc
    .fillColor(ACCENT)
    .font("Helvetica-Bold")
    .fontSize(12)
    .text(`${printable(flow.project.title)} (continued)`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
  doc.x = MARGIN;
  doc.fillColor("#111111").font(flow.font).fontSize(10);
}

function contactPage(doc: PDFKit.PDFDocument, book: ProjectBook, publicUrl: string | null) {
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
  // Only the address visitors use: never one made up from where the server happens to run.
  if (publicUrl) doc.fillColor(ACCENT).text(publicUrl, { link: publicUrl, underline: true });
  for (const link of company.links) doc.fillColor(ACCENT).text(printable(link), { link, underline: true });
}

/** Every page after the cover: a rule, the company's logo and name, and "Page n of N". */
function footers(doc: PDFKit.PDFDocument, name: string, logo: Logo | null) {
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
      .stroke("#cccccc");
    let x = MARGIN;
    if (logo) {
      const width = Math.min(64, (22 * logo.width) / logo.height);
      doc.image(logo.image, MARGIN, FOOTER_TOP + 10, { width, height: (width * logo.height) / logo.width });
      x += width + 10;
    }
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(9)
      .text(printable(name), x, FOOTER_TOP + 16, { width: CONTENT_WIDTH / 2, lineBreak: false });
    doc.text(`Page ${index - start + 1} of ${count}`, MARGIN, FOOTER_TOP + 16, {
      width: CONTENT_WIDTH,
      align: "right",
      lineBreak: false,
    });
    doc.page.margins.bottom = margin;
  }
}

export async function renderProjectBook(
  book: ProjectBook,
  /** publicUrl: PUBLIC_URL, or null (then the book prints no address of the site). */
  options: { publicUrl: string | null; filters: string[]; today?: Date },
): Promise<Buffer> {
  const name = companyName(book.company.name);
  const logoKey = book.company.logo;
  const [images, logoImage] = await Promise.all([
    heroImages(book.projects),
    logoKey ? printImage(logoKey.key, logoKey.width, 640).catch(() => null) : null,
  ]);
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM_MARGIN },
    bufferPages: true,
    info: { Title: `${name} project book`, Author: name, Creator: name },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const logo = logoImage ? { ...logoImage, image: openImage(doc, logoImage.data) } : null;
  const flow: Flow = { project: null, font: "Helvetica" };
  doc.on("pageAdded", () => continuedHeading(doc, flow));
  const today = (options.today ?? new Date()).toLocaleDateString("en-US", { dateStyle: "long" });
  cover(doc, book, options.filters, today, logo?.image ?? null);
  for (const project of book.projects) projectPage(doc, project, images.get(project.id), options.publicUrl, flow);
  contactPage(doc, book, options.publicUrl);
  footers(doc, name, logo);
  doc.end();
  return done;
}
