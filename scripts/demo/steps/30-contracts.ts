// Contracts in every status on projects at a fitting stage, the signed ones with a generated PDF.
import { PDFDocument, StandardFonts } from "pdf-lib";
import { schema } from "~/.server/db";
import { storage } from "~/.server/storage";
import { contractDocumentKey } from "~/domain/media/stored-files.server";
import { daysAgo, type Demo, idsBy, records, typed } from "../lib";

async function signedPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage();
  lines.forEach((line, i) => page.drawText(line, { x: 72, y: 720 - i * 20, size: 16, font }));
  return Buffer.from(await pdf.save());
}

export default async function seedContracts({ db, owner }: Demo): Promise<void> {
  const projects = await idsBy(db, schema.projects);
  for (const row of records("contracts.csv")) {
    let document = {};
    if (row.document) {
      const bytes = await signedPdf([`${row.title}: ${row.project}`, `Sent ${row.dateSent}, signed ${row.dateSigned}`]);
      const documentKey = contractDocumentKey();
      await storage().put(documentKey, bytes, { contentType: "application/pdf" });
      document = { documentKey, documentName: `${row.title} - signed.pdf`, documentBytes: bytes.length };
    }
    await db.insert(schema.contracts).values({
      ...typed(schema.contracts, row),
      ...document,
      projectId: projects.get(row.project!)!,
      createdBy: owner.id,
      createdAt: daysAgo(row.daysOld!),
    });
  }
}
