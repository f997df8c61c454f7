// The project book as a PDF (pdfkit, on the server): a cover with the
// company's details and what the book holds, one page per project (hero
// picture from the stored variants, facts, story), and a contact page. Text is
// real text (selectable, searchable) in the standard Helvetica.
import PDFDocument from "pdfkit";
import { printImage, type PrintImage } from "~/.server/images/print";
import { longDate } from "~/lib/format";
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

function projectPage(doc: PDFKit.PDFDocument, project: BookProject, image: PrintImage | undefined) {
  doc.addPage();
  doc.fillColor(ACCENT).font("Helvetica-Bold").fontSize(24).text(printable(project.title), MARGIN, MARGIN, {
    width: CONTENT_WIDTH,
  });
  doc.fillColor(MUTED).font("Helvetica").fontSize(12).text(printable(project.clientName), { width: CONTENT_WIDTH });
  let y = doc.y + 12;
  const imageHeight = 300;
  if (image) {
    doc.image(image.data, MARGIN, y, { fit: [CONTENT_WIDTH, imageHeight], align: "center", valign: "center" });
    y += imageHeight + 16;
  }
  const facts: [string, string | null][] = [
    ["Location", project.location],
    ["Industry", project.industryType],
    ["Completed", longDate(project.endDate)],
    ["Theme", project.themeStyle],
    ["Playground options", project.options.length ? project.options.join(", ") : null],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    if (!value) continue;
    doc.fillColor(MUTED).font("Helvetica-Bold").text(label, MARGIN, y, { width: 120 });
    doc
      .fillColor("#111111")
      .font("Helvetica")
      .text(printable(value), MARGIN + 125, y, { width: CONTENT_WIDTH - 125 });
    y = doc.y + 4;
  }
  if (project.description) {
    const bottom = PAGE.height - MARGIN;
    doc.fillColor("#111111").font("Helvetica").fontSize(11);
    doc.text(printable(project.description), MARGIN, y + 10, {
      width: CONTENT_WIDTH,
      height: Math.max(0, bottom - y - 10),
      ellipsis: true,
      lineGap: 2,
    });
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
