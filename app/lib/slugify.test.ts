import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { isValidSlug, slugify } from "./slugify";

describe("slugify", () => {
  test.each([
    ["Sunny Park Adventure", "sunny-park-adventure"],
    ["  Tom's  Tree-House -- Phase 2 ", "toms-tree-house-phase-2"],
    ["Café & Crèche Play Area", "cafe-creche-play-area"],
    ["---", ""],
    ["!!!", ""],
    ["Mixed_CASE_and_underscores", "mixedcaseandunderscores"],
    ["Línea\tcon\nespacios", "linea-con-espacios"],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  test("stays within the length and never ends on a hyphen when cut", () => {
    const slug = slugify(`${"a".repeat(99)} b`);
    expect(slug).toBe("a".repeat(99));
    expect(slugify("x".repeat(150))).toHaveLength(100);
    expect(slugify("ab cd", 3)).toBe("ab");
  });

  test("always a valid slug or empty, and idempotent (property)", () => {
    const text = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 150 }),
      fc.string({ unit: fc.constantFrom("a", "Z", "9", "-", " ", "_", "é", "\t", "İ", "ß", "--"), maxLength: 150 }),
    );
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 120 }), (input, max) => {
        const slug = slugify(input, max);
        expect(slug === "" || isValidSlug(slug, max)).toBe(true);
        expect(slugify(slug, max)).toBe(slug);
      }),
      { numRuns: 2000 },
    );
  });

  test("isValidSlug", () => {
    expect(isValidSlug("abc-123")).toBe(true);
    for (const bad of ["", "-abc", "abc-", "a--b", "ABC", "a b", "a_b", "x".repeat(101)]) {
      expect(isValidSlug(bad)).toBe(false);
    }
  });
});
