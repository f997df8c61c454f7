// The completion certificate: pages appended to the document as it was sent,
// saying who signed, how they were identified, and when and from where each
// step happened, with the SHA-256 of what was sent. The result gets a
// signature placeholder here and is sealed by app/.server/signing. What was
// signed (a contract, a proposal's version) is given as its facts, so every
// kind of record signed in the portal gets the same evidence.
import fontkit from "@pdf-lib/fontkit";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import { notoSans } from "~/.server/pdf-fonts";

export interface CertificateEvent {
  type: string;
  at: Date;
  name: string;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface CertificateInput {
  company: string;
  origin: string;
  /** What was signed: a sentence under the title, then its facts (label, value), its hash among them. */
  subject: { summary: string; facts: [label: string, value: string][] };
  /** The seal's reason, as a PDF reader shows it. */
  sealReason: string;
  /** `email`: the address the sign-in code was mailed to, at `codeMailedAt` (what identified the signer). */
  signer: { name: string; email: string; codeMailedAt: Date; typedName: string };
  consentText: string;
  consentSha256: string;
  events: CertificateEvent[];
  /** Names of this kind of record's steps, beside the common ones ("sent" is "Sent for signature"). */
  eventLabels?: Record<string, string>;
  /** A PNG of the drawn signature, if the signer drew one. */
  signaturePng: Buffer | null;
}

export function utcTime(date: Date): string {
  return `${date
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "")} UTC`;
}

const EVENT_LABELS: Record<string, string> = {
  sent: "Sent for signature",
  viewed: "Viewed",
  signed: "Signed",
  reminded: "Reminder sent",
};

/**
 * The length of the longest head of `word` that fits (at least one character), or the whole word's:
 * by doubling, then halving, so no measurement is of much more than a line. A wider text is never
 * narrower than its head. One character at a time, 2,000 unbroken characters took 314 s (decision 0119).
 */
function fittingHead(word: string, fits: (part: string) => boolean): number {
  let [fitting, tooLong] = [0, 1];
  while (tooLong < word.length && fits(word.slice(0, tooLong))) [fitting, tooLong] = [tooLong, tooLong * 2];
  if (tooLong >= word.length) {
    if (fits(word)) return word.length;
    tooLong = word.length;
  }
  while (tooLong - fitting > 1) {
    const middle = (fitting + tooLong) >> 1;
    if (fits(word.slice(0, middle))) fitting = middle;
    else tooLong = middle;
  }
  return Math.max(fitting, 1);
}

/**
 * Lines of at most `width` points (long words, such as a hash, are cut). Every text is one paragraph:
 * a line break or separator in a value (a name) is a space, so no value can print lines of its own.
 */
export function wrap(text: string, font: Pick<PDFFont, "widthOfTextAtSize">, size: number, width: number): string[] {
  const fits = (part: string) => font.widthOfTextAtSize(part, size) <= width;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/[\s\u0085\u2028\u2029]+/)) {
    let rest = word;
    for (let cut = fits(rest) ? rest.length : fittingHead(rest, fits); cut < rest.length;) {
      if (line) lines.push(line);
      lines.push(rest.slice(0, cut));
      line = "";
      rest = rest.slice(cut);
      cut = fittingHead(rest, fits);
    }
    const next = line ? `${line} ${rest}` : rest;
    if (!fits(next) && line) {
      lines.push(line);
      line = rest;
    } else line = next;
  }
  lines.push(line);
  return lines;
}

class Writer {
  page!: PDFPage;
  y = 0;
  readonly margin = 56;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([595.28, 841.89]); // A4
    this.y = this.page.getHeight() - this.margin;
  }
  get width() {
    return this.page.getWidth() - 2 * this.margin;
  }
  room(height: number) {
    if (this.y - height < this.margin) this.newPage();
  }
  text(text: string, options: { size?: number; bold?: boolean; grey?: boolean; indent?: number } = {}) {
    const size = options.size ?? 10;
    const font = options.bold ? this.bold : this.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, font, size, this.width - indent)) {
      this.room(size * 1.45);
      this.y -= size * 1.45;
      this.page.drawText(line, {
        x: this.margin + indent,
        y: this.y,
        size,
        font,
        color: options.grey ? rgb(0.35, 0.35, 0.4) : rgb(0.07, 0.09, 0.15),
      });
    }
  }
  gap(points = 8) {
    this.y -= points;
  }
  field(label: string, value: string) {
    this.text(label, { size: 8, grey: true });
    this.text(value, { size: 10 });
    this.gap(4);
  }
}

/** The document as sent with the certificate appended and a signature placeholder, ready to seal. */
export async function appendCertificate(documentBytes: Uint8Array, input: CertificateInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(documentBytes, { updateMetadata: false });
  doc.registerFontkit(fontkit);
  const w = new Writer(
    doc,
    await doc.embedFont(notoSans("regular"), { subset: true }),
    await doc.embedFont(notoSans("bold"), { subset: true }),
  );

  w.text(input.company, { size: 10, bold: true, grey: true });
  w.gap(6);
  w.text("Completion certificate", { size: 20, bold: true });
  w.text(input.subject.summary, { size: 10, grey: true });
  w.gap(14);
  for (const [label, value] of input.subject.facts) w.field(label, value);
  w.gap(6);
  w.text("Signer", { size: 13, bold: true });
  w.gap(2);
  w.field("Name and email", `${input.signer.name} <${input.signer.email}>`);
  w.field("Name typed as signature", input.signer.typedName);
  w.field(
    "Identified by",
    `A one-time code emailed to ${input.signer.email} at ${utcTime(input.signer.codeMailedAt)}, entered to sign in to the client portal (valid 10 minutes, single use).`,
  );
  w.field("Agreed to sign electronically", `"${input.consentText}"`);
  w.field("SHA-256 of the consent text", input.consentSha256);
  if (input.signaturePng) {
    const image = await doc.embedPng(input.signaturePng);
    const scale = Math.min(220 / image.width, 80 / image.height, 1);
    w.text("Drawn signature", { size: 8, grey: true });
    w.room(image.height * scale + 6);
    w.y -= image.height * scale + 4;
    w.page.drawImage(image, { x: w.margin, y: w.y, width: image.width * scale, height: image.height * scale });
    w.gap(8);
  }
  w.gap(6);
  w.text("Timeline", { size: 13, bold: true });
  for (const event of input.events) {
    w.gap(4);
    const label = input.eventLabels?.[event.type] ?? EVENT_LABELS[event.type] ?? event.type;
    w.text(`${label} · ${utcTime(event.at)}`, { size: 10, bold: true });
    w.text(`${event.name}${event.email ? ` <${event.email}>` : ""}`, { size: 9, indent: 10 });
    w.text(`IP address: ${event.ip ?? "not recorded"}`, { size: 9, indent: 10, grey: true });
    w.text(`Browser: ${event.userAgent ?? "not recorded"}`, { size: 9, indent: 10, grey: true });
  }
  w.gap(14);
  w.text(
    `This file is sealed with a digital signature by ${input.company} (${input.origin}). A PDF reader shows the signature as valid only while the file is unchanged since signing.`,
    { size: 8, grey: true },
  );

  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: input.sealReason,
    contactInfo: input.signer.email,
    name: input.company,
    location: input.origin,
    signatureLength: 8192,
  });
  // No object streams: the signature's byte range must cover a classic cross-reference table.
  return doc.save({ useObjectStreams: false });
}
