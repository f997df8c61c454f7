// The certificate that seals signed PDFs may be the company's own
// (SIGNING_P12_PATH with its passphrase) instead of the one the app generates
// at first start: the sealed PDF then carries that certificate, and verifies.
// (The generated one seals every other signing test.)
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { PDFDocument } from "pdf-lib";
import { expect, test } from "vitest";
import { minimalPdf } from "#tests/fixtures/pdf";
import { checkPdfSignature } from "#tests/helpers/pdf-signature";
import { generateP12, loadSigningCredentials } from "./credentials";
import { sealPdf } from "./seal";

test("a certificate given in configuration (SIGNING_P12_PATH, its passphrase) seals the PDF", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "playfolio-p12-"));
  const file = path.join(dir, "company.p12");
  fs.writeFileSync(file, generateP12("Playscape Builders Ltd", "correct horse"));
  const configured = loadSigningCredentials({
    SIGNING_P12_PATH: file,
    SIGNING_P12_PASSPHRASE: "correct horse",
    DATA_DIR: dir,
  });

  const doc = await PDFDocument.load(minimalPdf(["Agreement"]));
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: "test",
    contactInfo: "",
    name: "",
    location: "",
    signatureLength: 8192,
  });
  const sealed = await sealPdf(await doc.save({ useObjectStreams: false }), new Date(), configured);

  expect(checkPdfSignature(sealed)).toMatchObject({
    coversWholeFile: true,
    digestMatches: true,
    signatureVerifies: true,
    signerCommonName: "Playscape Builders Ltd",
  });
  // The configured certificate is used as given: none is generated beside it.
  expect(fs.existsSync(path.join(dir, "signing.p12"))).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});
