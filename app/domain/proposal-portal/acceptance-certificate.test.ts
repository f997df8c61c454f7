// The sealed acceptance of a proposal's version: the version's PDF with its
// acceptance record, the completion certificate (the version's SHA-256, the
// options chosen, the identification, the steps) and a seal pdfsig verifies.
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { pdfPages } from "#tests/helpers/pdf-text";
import { pdfsig } from "#tests/helpers/pdfsig";
import { utcTime } from "~/domain/contracts/signing/certificate.server";
import type { ProposalDocument } from "~/domain/proposals/proposal-document";
import { renderProposalPdf } from "~/domain/proposals/proposal-pdf.server";
import { sealAcceptance, sha256 } from "./acceptance-certificate.server";
import { ACCEPTANCE_CONSENT } from "./consent";

const VERSION_SHA = "a".repeat(64);
const acceptedAt = new Date("2026-11-20T10:30:00Z");

function proposal(): ProposalDocument {
  return {
    company: { name: "Acme Play Ltd", address: null, phone: null, email: null, website: null, logo: null },
    money: { currency: "GBP", locale: "en-GB" },
    proposal: {
      title: "Northtown Primary play trail",
      version: 2,
      issuedOn: "2026-11-01",
      validUntil: "2026-12-31",
      preparedBy: null,
      versionSha256: VERSION_SHA,
    },
    client: { name: "Northtown Primary", contactName: "Ada Buyer", address: null },
    site: "The back field",
    hero: null,
    introduction: "A trail of play around the field.",
    sections: [{ id: "s1", title: "Equipment", description: null }],
    lines: [
      {
        id: "l1",
        sectionId: "s1",
        name: "Rope pyramid",
        description: null,
        unit: null,
        quantity: 1000,
        unitPrice: 1_250_000,
        discount: null,
        taxRate: 20_000,
        optional: false,
      },
      {
        id: "l2",
        sectionId: "s1",
        name: "Shade sail",
        description: null,
        unit: null,
        quantity: 1000,
        unitPrice: 180_000,
        discount: null,
        taxRate: 20_000,
        optional: true,
      },
    ],
    terms: "Payment within 30 days.",
    acceptance: null,
  };
}

describe("the sealed acceptance", async () => {
  const document = proposal();
  const signature = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  document.acceptance = {
    name: "Ada Buyer",
    email: "ada@northtown.test",
    typedName: "Ada Buyer",
    acceptedAt,
    signaturePng: signature,
    chosenLineIds: ["l2"],
  };
  const pdf = await renderProposalPdf(document);
  const step = (type: string, at: string) => ({
    type,
    at: new Date(at),
    name: type === "sent" ? "Sam Staff" : "Ada Buyer",
    email: type === "sent" ? "sam@acme.test" : "ada@northtown.test",
    ip: type === "sent" ? null : "203.0.113.7",
    userAgent: type === "sent" ? null : "BuyerBrowser/3",
  });
  const sealed = await sealAcceptance(
    pdf,
    {
      company: "Acme Play Ltd",
      origin: "https://acme.test",
      proposal: {
        id: "3f1c2a9e-0000-4000-8000-000000000001",
        title: "Northtown Primary play trail",
        version: 2,
        client: "Northtown Primary",
        site: "The back field",
      },
      versionSha256: VERSION_SHA,
      total: "£17,160.00",
      chosenOptions: ["Shade sail"],
      signer: {
        name: "Ada Buyer",
        email: "ada@northtown.test",
        codeMailedAt: new Date("2026-11-20T10:20:00Z"),
        typedName: "Ada Buyer",
      },
      events: [
        step("sent", "2026-11-01T09:00:00Z"),
        step("viewed", "2026-11-20T10:25:00Z"),
        step("accepted", "2026-11-20T10:30:00Z"),
      ],
      signaturePng: signature,
    },
    acceptedAt,
  );

  test("pdfsig finds one valid signature over the whole file, and a changed byte breaks it", () => {
    const report = pdfsig(sealed);
    expect(report).toContain("Signature #1");
    expect(report).toContain("Signature Validation: Signature is Valid.");
    expect(report).toContain("Total document signed");
    const tampered = Buffer.from(sealed);
    const at = tampered.indexOf("Northtown Primary play trail");
    tampered[at] = tampered[at]! ^ 1;
    expect(pdfsig(tampered)).not.toContain("Signature is Valid.");
  });

  test("the certificate names the version's hash, the accepted total and options, who accepted and each step", async () => {
    const pages = await pdfPages(sealed);
    const before = await pdfPages(pdf);
    expect(pages.slice(0, before.length)).toEqual(before);
    const certificate = pages.slice(before.length).join("\n");
    const flat = certificate.replace(/\s+/g, "");
    expect(certificate).toContain("Completion certificate");
    expect(certificate).toContain("Electronic acceptance of the proposal");
    expect(certificate).toContain("Northtown Primary play trail, version 2");
    expect(flat).toContain(VERSION_SHA);
    expect(flat).toContain(sha256(pdf));
    expect(flat).toContain(sha256(ACCEPTANCE_CONSENT));
    expect(certificate).toContain("£17,160.00");
    expect(certificate).toContain("Shade sail");
    expect(certificate.replace(/\s+/g, " ")).toContain(
      "A one-time code emailed to ada@northtown.test at 2026-11-20 10:20:00 UTC",
    );
    for (const [label, at] of [
      ["Sent", "2026-11-01T09:00:00Z"],
      ["Viewed", "2026-11-20T10:25:00Z"],
      ["Accepted", "2026-11-20T10:30:00Z"],
    ] as const)
      expect(certificate).toContain(`${label} · ${utcTime(new Date(at))}`);
    expect(certificate).toContain("203.0.113.7");
    expect(certificate).toContain("BuyerBrowser/3");
  });
});
