// A proposal line and a version's content with defaults: plain data, so the
// browser suite's seeds use them as well as the Vitest tests.
import type { VersionContent, VersionLine } from "~/domain/proposals/content";

/** A line of 1 unit at 1,250.00 (minor units) with 20 % tax, in section "equipment". */
export function proposalLine(id: string, fields: Partial<VersionLine> = {}): VersionLine {
  return {
    id,
    sectionId: "equipment",
    name: `Item ${id}`,
    description: null,
    unit: null,
    quantity: 1000,
    unitPrice: 125_000,
    discount: null,
    taxRate: 20_000,
    optional: false,
    optionId: null,
    picture: null,
    ...fields,
  };
}

export function proposalContent(lines: VersionLine[], fields: Partial<VersionContent> = {}): VersionContent {
  return {
    title: null,
    validUntil: null,
    introduction: "A play trail for the back field.",
    terms: "Half on order, half on completion.",
    design: [],
    sections: [{ id: "equipment", title: "Play equipment", description: null }],
    lines,
    ...fields,
  };
}

/** Saves the proposal's draft with these lines (and valid-until date), as the editor would. */
