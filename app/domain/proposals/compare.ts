// Two versions of a proposal side by side, for staff: which lines were added,
// removed or changed (each changed field with its value before and after),
// matched by their stable ids, which sections came and went, and the totals
// of each (isomorphic: the comparison page shows it as it is).
import type { ProposalContent, ProposalLine, ProposalSection } from "./proposal-document";
import { type Discount, lineAmounts, priceProposal, type ProposalTotals } from "./totals";

/** The fields of a line a comparison reports, with their types. */
interface ComparedFields {
  name: string;
  description: string | null;
  unit: string | null;
  quantity: number;
  unitPrice: number;
  discount: Discount | null;
  taxRate: number;
  optional: boolean;
  sectionId: string;
}

const COMPARED: (keyof ComparedFields)[] = [
  "name",
  "description",
  "unit",
  "quantity",
  "unitPrice",
  "discount",
  "taxRate",
  "optional",
  "sectionId",
];

export type FieldChange = {
  [F in keyof ComparedFields]: { field: F; before: ComparedFields[F]; after: ComparedFields[F] };
}[keyof ComparedFields];

export interface LineChange {
  id: string;
  before: ProposalLine;
  after: ProposalLine;
  changes: FieldChange[];
  /** The line's amount before tax (after its discount), before and after. */
  taxable: { before: number; after: number };
}

export interface VersionComparison {
  /** In the newer version's order. */
  added: ProposalLine[];
  /** In the older version's order. */
  removed: ProposalLine[];
  /** Lines in both whose fields differ, in the newer version's order. */
  changed: LineChange[];
  /** Lines in both whose order differs (a line moved up or down, or to another section). */
  reordered: boolean;
  sections: {
    added: ProposalSection[];
    removed: ProposalSection[];
    renamed: { id: string; before: string; after: string }[];
  };
  /** Each version's totals without its optional lines, and with all of them. */
  totals: {
    before: { base: ProposalTotals; withOptional: ProposalTotals };
    after: { base: ProposalTotals; withOptional: ProposalTotals };
  };
}

function same(a: unknown, b: unknown): boolean {
  if (a && b && typeof a === "object" && typeof b === "object")
    return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return a === b;
}

function totalsOf(content: ProposalContent) {
  return {
    base: priceProposal(content.lines).totals,
    withOptional: priceProposal(
      content.lines,
      content.lines.map((line) => line.id),
    ).totals,
  };
}

export function compareVersions(before: ProposalContent, after: ProposalContent): VersionComparison {
  const older = new Map(before.lines.map((line) => [line.id, line]));
  const newer = new Map(after.lines.map((line) => [line.id, line]));
  const changed: LineChange[] = [];
  for (const line of after.lines) {
    const previous = older.get(line.id);
    if (!previous) continue;
    const changes = COMPARED.filter((field) => !same(previous[field], line[field])).map(
      (field) => ({ field, before: previous[field], after: line[field] }) as FieldChange,
    );
    if (changes.length)
      changed.push({
        id: line.id,
        before: previous,
        after: line,
        changes,
        taxable: { before: lineAmounts(previous).taxable, after: lineAmounts(line).taxable },
      });
  }
  const kept = (lines: ProposalLine[], other: Map<string, ProposalLine>) =>
    lines.filter((line) => other.has(line.id)).map((line) => `${line.sectionId}/${line.id}`);
  const sectionsBefore = new Map(before.sections.map((section) => [section.id, section]));
  const sectionsAfter = new Map(after.sections.map((section) => [section.id, section]));
  return {
    added: after.lines.filter((line) => !older.has(line.id)),
    removed: before.lines.filter((line) => !newer.has(line.id)),
    changed,
    reordered: kept(before.lines, newer).join() !== kept(after.lines, older).join(),
    sections: {
      added: after.sections.filter((section) => !sectionsBefore.has(section.id)),
      removed: before.sections.filter((section) => !sectionsAfter.has(section.id)),
      renamed: after.sections.flatMap((section) => {
        const previous = sectionsBefore.get(section.id);
        return previous && previous.title !== section.title
          ? [{ id: section.id, before: previous.title, after: section.title }]
          : [];
      }),
    },
    totals: { before: totalsOf(before), after: totalsOf(after) },
  };
}
