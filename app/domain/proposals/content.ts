// What a proposal version's content column holds (app/tables/proposals.ts),
// read back through zod so a stored version is always the shape the pages,
// the comparison and the PDF expect. Isomorphic: the editor builds it too.
import { z } from "zod";
import type { ProposalContent, ProposalLine } from "./proposal-document";
import { MAX_AMOUNT, MAX_QUANTITY, RATE_SCALE } from "./totals";

/** A stored picture: its key and size (the proposal's own copy, proposal_media). */
export interface StoredPicture {
  /** The proposal_media row holding the file. */
  mediaId: string;
  key: string;
  width: number;
  height: number;
}

export interface DesignPicture extends StoredPicture {
  caption: string | null;
}

/** A line as a version keeps it: a catalogue line names its option and carries the picture copied with it. */
export interface VersionLine extends ProposalLine {
  optionId: string | null;
  picture: StoredPicture | null;
}

export interface VersionContent extends ProposalContent {
  /** The proposal's title and last valid day as sent (null in a draft: the proposal's own are current). */
  title: string | null;
  validUntil: string | null;
  introduction: string | null;
  terms: string | null;
  /** The design's renders and files, the first the cover's hero. */
  design: DesignPicture[];
  lines: VersionLine[];
}

export const EMPTY_CONTENT: VersionContent = {
  title: null,
  validUntil: null,
  introduction: null,
  terms: null,
  design: [],
  sections: [],
  lines: [],
};

const integer = (min: number, max: number) => z.number().int().min(min).max(max);
const picture = z.object({
  mediaId: z.string(),
  key: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const storedContent = z.object({
  title: z.string().nullable().default(null),
  validUntil: z.string().nullable().default(null),
  introduction: z.string().nullable().default(null),
  terms: z.string().nullable().default(null),
  design: z.array(picture.extend({ caption: z.string().nullable().default(null) })).default([]),
  sections: z
    .array(z.object({ id: z.string(), title: z.string(), description: z.string().nullable().default(null) }))
    .default([]),
  lines: z
    .array(
      z.object({
        id: z.string(),
        sectionId: z.string(),
        name: z.string(),
        description: z.string().nullable().default(null),
        unit: z.string().nullable().default(null),
        quantity: integer(0, MAX_QUANTITY),
        unitPrice: integer(0, MAX_AMOUNT),
        discount: z
          .discriminatedUnion("kind", [
            z.object({ kind: z.literal("percent"), rate: integer(0, RATE_SCALE) }),
            z.object({ kind: z.literal("amount"), amount: integer(0, MAX_AMOUNT) }),
          ])
          .nullable()
          .default(null),
        taxRate: integer(0, RATE_SCALE),
        optional: z.boolean().default(false),
        optionId: z.string().nullable().default(null),
        picture: picture.nullable().default(null),
      }),
    )
    .default([]),
});

/** A stored version's (or template's) content, in the shape every reader expects. */
export function readContent(stored: unknown): VersionContent {
  return storedContent.parse(stored ?? {});
}

/** The same content written with its keys in one order, whatever order they were built in. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** What a version's SHA-256 is taken of: its money format and content (with its title and valid-until date). */
export function hashedText(version: { currency: string; locale: string; content: VersionContent }): string {
  return JSON.stringify(canonical(version));
}
