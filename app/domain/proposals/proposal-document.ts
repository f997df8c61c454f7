// What a proposal version holds, and what its PDF is made from: plain types,
// so the tables (and templates, and the portal) can fill them however they are
// stored. Amounts, quantities and rates are in totals.ts's integer units.
import type { MoneyFormat } from "./money";
import type { PricedLine } from "./totals";

export interface ProposalSection {
  /** Stable across versions, like a line's id. */
  id: string;
  title: string;
  /** A sentence under its heading ("Everything below is installed by our own crew"). */
  description: string | null;
}

/** A line item: catalogue lines have their option's name and description copied in when added. */
export interface ProposalLine extends PricedLine {
  name: string;
  description: string | null;
  /** "m²", "each", "day"; null prints the quantity alone. */
  unit: string | null;
}

/** A version's sections and lines, in their order: what comparing two versions reads. */
export interface ProposalContent {
  sections: ProposalSection[];
  lines: ProposalLine[];
}

/** A picture as the PDF embeds it: JPEG or PNG bytes and their size in pixels (printImage's shape). */
export interface PdfImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** How a version was accepted in the portal, as its PDF records it. */
export interface AcceptanceRecord {
  name: string;
  email: string;
  /** The full name the buyer typed as their signature. */
  typedName: string;
  acceptedAt: Date;
  /** The drawn signature (PNG), if they drew one. */
  signaturePng: Uint8Array | null;
  /** The optional lines they ticked (ids of this version's lines). */
  chosenLineIds: string[];
}

export interface ProposalDocument {
  company: {
    name: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    website: string | null;
    logo: PdfImage | null;
  };
  money: MoneyFormat;
  proposal: {
    title: string;
    /** v1, v2…: the number of the version sent. */
    version: number;
    /** Calendar dates, "YYYY-MM-DD". */
    issuedOn: string;
    validUntil: string | null;
    preparedBy: { name: string; email: string | null; phone: string | null } | null;
    /** The SHA-256 (hex) of this version as sent, printed with the signature block or the acceptance. */
    versionSha256: string;
  };
  client: { name: string; contactName: string | null; address: string | null };
  /** The project or site it is for ("Northtown Primary: the back field"), if any. */
  site: string | null;
  /** The cover's render (the design's hero), if any. */
  hero: PdfImage | null;
  /** Plain text; blank lines make paragraphs (as the project pages' stories). */
  introduction: string | null;
  sections: ProposalSection[];
  /** Each in a section of `sections`, in print order; a line may carry its catalogue picture. */
  lines: (ProposalLine & { picture?: PdfImage | null })[];
  terms: string | null;
  /** Null: a blank signature block (with boxes for the optional lines); else the record of acceptance. */
  acceptance: AcceptanceRecord | null;
}
