// Comparing two versions: lines matched by id, each change with its before and
// after, sections added, removed and renamed, and each version's totals.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compareVersions } from "./compare";
import type { ProposalContent, ProposalLine } from "./proposal-document";

const line = (id: string, fields: Partial<ProposalLine> = {}): ProposalLine => ({
  id,
  sectionId: "equipment",
  name: id,
  description: null,
  unit: null,
  quantity: 1_000,
  unitPrice: 100_000,
  discount: null,
  taxRate: 20_000,
  optional: false,
  ...fields,
});

const sections = [
  { id: "equipment", title: "Equipment", description: null },
  { id: "works", title: "Groundworks", description: null },
];

describe("comparing two versions", () => {
  test("the same version twice: nothing added, removed or changed", () => {
    const v1: ProposalContent = {
      sections,
      lines: [line("tower"), line("swings", { discount: { kind: "percent", rate: 5_000 } })],
    };
    const copy = structuredClone(v1);
    const result = compareVersions(v1, copy);
    expect(result).toMatchObject({ added: [], removed: [], changed: [], reordered: false });
    expect(result.sections).toEqual({ added: [], removed: [], renamed: [] });
    expect(result.totals.before).toEqual(result.totals.after);
  });

  test("v1 → v2: a line added, one removed, one repriced and made optional, a section renamed and one added", () => {
    const v1: ProposalContent = {
      sections,
      lines: [
        line("tower", { name: "Tower", unitPrice: 1_200_000 }),
        line("swings", { name: "Swings", quantity: 2_000, unitPrice: 125_000 }),
        line("fence", { name: "Fence", sectionId: "works", unit: "m", quantity: 40_000, unitPrice: 4_500 }),
      ],
    };
    const v2: ProposalContent = {
      sections: [
        { id: "equipment", title: "Play equipment", description: null },
        sections[1]!,
        { id: "extras", title: "Extras", description: null },
      ],
      lines: [
        line("tower", { name: "Tower", unitPrice: 1_200_000 }),
        line("swings", {
          name: "Swings",
          quantity: 3_000,
          unitPrice: 120_000,
          discount: { kind: "amount", amount: 10_000 },
          optional: true,
        }),
        line("shade", { name: "Shade sail", sectionId: "extras", unitPrice: 300_000 }),
      ],
    };
    const result = compareVersions(v1, v2);
    expect(result.added.map((row) => row.id)).toEqual(["shade"]);
    expect(result.removed.map((row) => row.id)).toEqual(["fence"]);
    expect(result.changed).toHaveLength(1);
    expect(result.changed[0]).toMatchObject({
      id: "swings",
      changes: [
        { field: "quantity", before: 2_000, after: 3_000 },
        { field: "unitPrice", before: 125_000, after: 120_000 },
        { field: "discount", before: null, after: { kind: "amount", amount: 10_000 } },
        { field: "optional", before: false, after: true },
      ],
      // 2 × £1,250.00; 3 × £1,200.00 less £100.00.
      taxable: { before: 250_000, after: 350_000 },
    });
    expect(result.reordered).toBe(false);
    expect(result.sections).toEqual({
      added: [{ id: "extras", title: "Extras", description: null }],
      removed: [],
      renamed: [{ id: "equipment", before: "Equipment", after: "Play equipment" }],
    });
    // v1: £12,000 + £2,500 + 40 m × £45 = £16,300 before tax, £19,560 with 20 %.
    expect(result.totals.before.base).toMatchObject({ taxable: 1_630_000, tax: 326_000, gross: 1_956_000 });
    expect(result.totals.before.withOptional.gross).toBe(1_956_000);
    // v2: £12,000 + £3,000 shade, the swings (£3,500) optional.
    expect(result.totals.after.base).toMatchObject({ taxable: 1_500_000, gross: 1_800_000 });
    expect(result.totals.after.withOptional).toMatchObject({ taxable: 1_850_000, gross: 2_220_000 });
  });

  test("a line moved to another section, or the lines reordered", () => {
    const v1: ProposalContent = { sections, lines: [line("a"), line("b"), line("c")] };
    const moved = compareVersions(v1, { sections, lines: [line("a"), line("b", { sectionId: "works" }), line("c")] });
    expect(moved.changed).toEqual([
      expect.objectContaining({ id: "b", changes: [{ field: "sectionId", before: "equipment", after: "works" }] }),
    ]);
    const swapped = compareVersions(v1, { sections, lines: [line("b"), line("a"), line("c")] });
    expect(swapped).toMatchObject({ changed: [], added: [], removed: [], reordered: true });
  });

  test("every line of either version is added, removed, changed or the same, once (property)", () => {
    const content = fc
      .uniqueArray(
        fc.record({
          id: fc.constantFrom(..."abcdefghij"),
          quantity: fc.integer({ min: 1, max: 3 }).map((n) => n * 1_000),
          unitPrice: fc.integer({ min: 0, max: 3 }),
          optional: fc.boolean(),
        }),
        { selector: (row) => row.id, maxLength: 10 },
      )
      .map((rows): ProposalContent => ({ sections, lines: rows.map(({ id, ...fields }) => line(id, fields)) }));
    fc.assert(
      fc.property(content, content, (before, after) => {
        const result = compareVersions(before, after);
        const unchanged = after.lines.filter(
          (row) => before.lines.some((old) => old.id === row.id) && !result.changed.some((c) => c.id === row.id),
        );
        const seen = [...result.added, ...result.removed, ...result.changed.map((c) => c.after), ...unchanged]
          .map((row) => row.id)
          .sort();
        const all = [...new Set([...before.lines, ...after.lines].map((row) => row.id))].sort();
        expect(seen).toEqual(all);
        for (const change of result.changed) {
          expect(change.changes.length).toBeGreaterThan(0);
          for (const { before: was, after: now } of change.changes) expect(was).not.toEqual(now);
        }
      }),
      { numRuns: 300 },
    );
  });
});
