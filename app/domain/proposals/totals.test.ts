// A proposal's arithmetic: exact to the minor unit for any mix of quantities,
// discounts, tax rates and chosen optional lines, against a reference written
// here in BigInt (it shares no code with totals.ts), and worked examples a
// person can check with a calculator.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type Amounts,
  MAX_AMOUNT,
  MAX_QUANTITY,
  type PricedLine,
  priceProposal,
  type ProposalPricing,
  RATE_SCALE,
} from "./totals";

// ---- The reference: exact rationals in BigInt, rounded once at each of a line's three steps.

/** n / d to the nearest integer, halves away from zero (n, d ≥ 0): the quotient, plus one when the remainder is half of d or more. */
function nearest(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  return (n % d) * 2n >= d ? quotient + 1n : quotient;
}

interface Reference {
  net: bigint;
  discount: bigint;
  taxable: bigint;
  tax: bigint;
  gross: bigint;
}

function referenceLine(line: PricedLine): Reference {
  const net = nearest(BigInt(line.quantity) * BigInt(line.unitPrice), 1000n);
  const discount =
    line.discount === null
      ? 0n
      : line.discount.kind === "percent"
        ? nearest(net * BigInt(line.discount.rate), 100_000n)
        : BigInt(line.discount.amount);
  const taxable = net - discount;
  const tax = nearest(taxable * BigInt(line.taxRate), 100_000n);
  return { net, discount, taxable, tax, gross: taxable + tax };
}

function sum(rows: Reference[]): Reference {
  const total = { net: 0n, discount: 0n, taxable: 0n, tax: 0n, gross: 0n };
  for (const row of rows) for (const key of Object.keys(total) as (keyof Reference)[]) total[key] += row[key];
  return total;
}

const asNumbers = (row: Reference): Amounts => ({
  net: Number(row.net),
  discount: Number(row.discount),
  taxable: Number(row.taxable),
  tax: Number(row.tax),
  gross: Number(row.gross),
});

function reference(lines: PricedLine[], chosen: Set<string>) {
  const rows = lines.map((line) => ({ line, amounts: referenceLine(line) }));
  const counted = rows.filter(({ line }) => !line.optional || chosen.has(line.id));
  const rates = [...new Set(counted.map(({ line }) => line.taxRate))].sort((a, b) => a - b);
  return {
    lines: rows.map(({ amounts }) => amounts),
    sections: [...new Set(lines.map((line) => line.sectionId))].map((sectionId) =>
      sum(counted.filter(({ line }) => line.sectionId === sectionId).map(({ amounts }) => amounts)),
    ),
    totals: sum(counted.map(({ amounts }) => amounts)),
    taxes: rates.map((rate) => {
      const band = sum(counted.filter(({ line }) => line.taxRate === rate).map(({ amounts }) => amounts));
      return { rate, taxable: Number(band.taxable), tax: Number(band.tax) };
    }),
    notChosen: sum(rows.filter(({ line }) => line.optional && !chosen.has(line.id)).map(({ amounts }) => amounts)),
  };
}

// ---- Generated proposals: rounding ties, huge and tiny amounts, every kind of discount.

// Now and then an amount near the limits, so both sides of MAX_AMOUNT are tried.
const quantity = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 100_000 }), weight: 6 }, // up to 100 units, any thousandth
  { arbitrary: fc.integer({ min: 1, max: 2_000 }).map((half) => half * 500), weight: 3 }, // 0.5, 1, 1.5 …: ties on odd prices
  { arbitrary: fc.integer({ min: 1, max: MAX_QUANTITY }), weight: 1 },
);
const unitPrice = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 100_000 }), weight: 6 },
  { arbitrary: fc.integer({ min: 0, max: 10_000_000_000 }), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: MAX_AMOUNT }), weight: 1 },
);
const rate = fc.oneof(
  fc.constantFrom(0, 5_000, 7_250, 8_875, 9_975, 10_000, 20_000, 50_000, RATE_SCALE),
  fc.integer({ min: 0, max: RATE_SCALE }),
);
const line = fc
  .record({
    sectionId: fc.constantFrom("groundworks", "equipment", "surfacing"),
    quantity,
    unitPrice,
    discount: fc.oneof(
      fc.constant(null),
      rate.map((value) => ({ kind: "percent" as const, rate: value })),
      // A share of the line's net (the schema refuses more), worked out once the net is known.
      fc.double({ min: 0, max: 1, noNaN: true }).map((share) => ({ kind: "amount" as const, share })),
    ),
    taxRate: rate,
    optional: fc.boolean(),
    chosen: fc.boolean(),
  })
  .map(({ discount, ...rest }) => {
    const net = nearest(BigInt(rest.quantity) * BigInt(rest.unitPrice), 1000n);
    return {
      ...rest,
      discount:
        discount?.kind === "amount"
          ? { kind: "amount" as const, amount: Number((net * BigInt(Math.round(discount.share * 1e6))) / 1_000_000n) }
          : discount,
    };
  });
const proposal = fc.array(line, { maxLength: 60 }).map((rows) => {
  const lines: PricedLine[] = rows.map(({ chosen: _, ...row }, index) => ({ id: `line-${index}`, ...row }));
  const chosen = new Set(rows.flatMap((row, index) => (row.optional && row.chosen ? [`line-${index}`] : [])));
  return { lines, chosen };
});

/** The reference when every amount (each line's, each sum's) fits in MAX_AMOUNT, else null (then priceProposal must refuse). */
function fitting(lines: PricedLine[], chosen: Set<string>) {
  const expected = reference(lines, chosen);
  // Amounts are never negative, so each final sum bounds its partial sums; the
  // counted and the left-out lines are summed apart, so each must fit on its own.
  const fits = (row: Reference) => Object.values(row).every((value) => value <= BigInt(MAX_AMOUNT));
  return [...expected.lines, ...expected.sections, expected.totals, expected.notChosen].every(fits) ? expected : null;
}

function pricesMatch(actual: ProposalPricing, expected: ReturnType<typeof reference>) {
  expect(
    actual.lines.map(({ net, discount, taxable, tax, gross }) => ({ net, discount, taxable, tax, gross })),
  ).toEqual(expected.lines.map(asNumbers));
  expect(actual.sections.map(({ sectionId: _, lines: __, ...amounts }) => amounts)).toEqual(
    expected.sections.map(asNumbers),
  );
  const { taxes, ...totals } = actual.totals;
  expect(totals).toEqual(asNumbers(expected.totals));
  expect(taxes).toEqual(expected.taxes);
  const { lines: _, ...notChosen } = actual.notChosen;
  expect(notChosen).toEqual(asNumbers(expected.notChosen));
}

describe("a proposal's totals", () => {
  test("equal the BigInt reference to the minor unit, or are refused when they would not fit (property)", () => {
    fc.assert(
      fc.property(proposal, ({ lines, chosen }) => {
        const expected = fitting(lines, chosen);
        if (!expected) {
          expect(() => priceProposal(lines, chosen)).toThrow(RangeError);
          return;
        }
        pricesMatch(priceProposal(lines, chosen), expected);
      }),
      {
        numRuns: 1500,
        examples: [
          [
            {
              lines: [
                {
                  id: "line-0",
                  sectionId: "groundworks",
                  quantity: 1333,
                  unitPrice: 7219873746,
                  taxRate: 0,
                  optional: false,
                  discount: null,
                },
                {
                  id: "line-1",
                  sectionId: "groundworks",
                  quantity: 26939,
                  unitPrice: 35624289534043,
                  taxRate: 48182,
                  optional: true,
                  discount: { kind: "percent", rate: 29681 },
                },
              ],
              chosen: new Set<string>(),
            },
          ],
        ],
      },
    );
  });

  test("sections add up to the totals, tax bands to the tax, and choosing every option adds exactly what was left out (property)", () => {
    // Amounts a proposal really has: every generated case fits.
    const everyday = fc
      .array(
        fc.record({
          sectionId: fc.constantFrom("a", "b", "c", "d"),
          quantity: fc.integer({ min: 1, max: 500_000 }),
          unitPrice: fc.integer({ min: 0, max: 50_000_000 }),
          discount: fc.option(
            rate.map((value) => ({ kind: "percent" as const, rate: value })),
            { nil: null },
          ),
          taxRate: rate,
          optional: fc.boolean(),
        }),
        { maxLength: 200 },
      )
      .map((rows) => rows.map((row, index): PricedLine => ({ id: `l${index}`, ...row })));
    fc.assert(
      fc.property(everyday, fc.infiniteStream(fc.boolean()), (lines, ticks) => {
        const chosen = lines.filter((row) => row.optional && ticks.next().value).map((row) => row.id);
        const { lines: priced, sections, totals, notChosen } = priceProposal(lines, chosen);
        const everything = priceProposal(
          lines,
          lines.map((row) => row.id),
        ).totals;
        for (const key of ["net", "discount", "taxable", "tax", "gross"] as const) {
          expect(sections.reduce((total, section) => total + section[key], 0)).toBe(totals[key]);
          expect(priced.filter((row) => row.included).reduce((total, row) => total + row[key], 0)).toBe(totals[key]);
          expect(totals[key] + notChosen[key]).toBe(everything[key]);
        }
        expect(totals.taxes.reduce((total, band) => total + band.tax, 0)).toBe(totals.tax);
        expect(totals.taxes.reduce((total, band) => total + band.taxable, 0)).toBe(totals.taxable);
        expect(totals.net - totals.discount).toBe(totals.taxable);
        expect(totals.taxable + totals.tax).toBe(totals.gross);
        expect(sections.reduce((count, section) => count + section.lines, 0) + notChosen.lines).toBe(lines.length);
      }),
      { numRuns: 300 },
    );
  });
});

const item = (fields: Partial<PricedLine> & Pick<PricedLine, "quantity" | "unitPrice">): PricedLine => ({
  id: "line",
  sectionId: "s",
  discount: null,
  taxRate: 0,
  optional: false,
  ...fields,
});

describe("worked examples (check them with a calculator)", () => {
  test("12.5 m² of surfacing at €45.99 with 20 % VAT: €574.875 → €574.88, tax €114.976 → €114.98, €689.86", () => {
    const [row] = priceProposal([item({ quantity: 12_500, unitPrice: 4_599, taxRate: 20_000 })]).lines;
    expect(row).toMatchObject({ net: 57_488, discount: 0, taxable: 57_488, tax: 11_498, gross: 68_986 });
  });

  test("halves round away from zero: 25 cents at 10 % is 2.5 cents of tax, charged as 3", () => {
    const [row] = priceProposal([item({ quantity: 1_000, unitPrice: 25, taxRate: 10_000 })]).lines;
    expect(row).toMatchObject({ taxable: 25, tax: 3, gross: 28 });
  });

  test("3 benches at $1,000.00, 12.5 % off, New York's 8.875 % tax: $375.00 off, $232.96875 → $232.97 tax", () => {
    const [row] = priceProposal([
      item({ quantity: 3_000, unitPrice: 100_000, discount: { kind: "percent", rate: 12_500 }, taxRate: 8_875 }),
    ]).lines;
    expect(row).toMatchObject({ net: 300_000, discount: 37_500, taxable: 262_500, tax: 23_297, gross: 285_797 });
  });

  test("a fixed €500.00 off a €2,000.00 line, no tax", () => {
    const [row] = priceProposal([
      item({ quantity: 1_000, unitPrice: 200_000, discount: { kind: "amount", amount: 50_000 } }),
    ]).lines;
    expect(row).toMatchObject({ net: 200_000, discount: 50_000, taxable: 150_000, tax: 0, gross: 150_000 });
  });

  test("the currency's minor unit is the rounding step: 12.5 × ¥1,999 is ¥24,988; 12.5 × 1.999 KWD is 24.988 KWD", () => {
    // The same integers: yen have no minor unit, dinars have 1000 fils. ¥24,987.5 → ¥24,988, 10 % → ¥2,498.8 → ¥2,499.
    const [row] = priceProposal([item({ quantity: 12_500, unitPrice: 1_999, taxRate: 10_000 })]).lines;
    expect(row).toMatchObject({ net: 24_988, tax: 2_499, gross: 27_487 });
  });

  test("a small proposal: two sections, two tax rates, an optional line left out and then chosen", () => {
    const lines: PricedLine[] = [
      // Equipment at 20 %: 1 × £12,000.00 and 2 × £1,250.00 with 10 % off (£250.00).
      item({ id: "tower", sectionId: "equipment", quantity: 1_000, unitPrice: 1_200_000, taxRate: 20_000 }),
      item({
        id: "swings",
        sectionId: "equipment",
        quantity: 2_000,
        unitPrice: 125_000,
        discount: { kind: "percent", rate: 10_000 },
        taxRate: 20_000,
      }),
      // Works at 5 %: 80.5 m² of wetpour at £62.40 (£5,023.20) and an optional shade sail, £3,000.00.
      item({ id: "wetpour", sectionId: "works", quantity: 80_500, unitPrice: 6_240, taxRate: 5_000 }),
      item({ id: "shade", sectionId: "works", quantity: 1_000, unitPrice: 300_000, taxRate: 5_000, optional: true }),
    ];
    const without = priceProposal(lines);
    expect(without.sections).toEqual([
      {
        sectionId: "equipment",
        lines: 2,
        net: 1_450_000,
        discount: 25_000,
        taxable: 1_425_000,
        tax: 285_000,
        gross: 1_710_000,
      },
      { sectionId: "works", lines: 1, net: 502_320, discount: 0, taxable: 502_320, tax: 25_116, gross: 527_436 },
    ]);
    expect(without.totals).toEqual({
      net: 1_952_320,
      discount: 25_000,
      taxable: 1_927_320,
      tax: 310_116,
      gross: 2_237_436, // £22,374.36
      taxes: [
        { rate: 5_000, taxable: 502_320, tax: 25_116 },
        { rate: 20_000, taxable: 1_425_000, tax: 285_000 },
      ],
    });
    expect(without.notChosen).toEqual({
      lines: 1,
      net: 300_000,
      discount: 0,
      taxable: 300_000,
      tax: 15_000,
      gross: 315_000,
    });
    expect(without.lines.find((row) => row.id === "shade")).toMatchObject({ included: false, gross: 315_000 });

    const withShade = priceProposal(lines, ["shade"]);
    expect(withShade.totals.gross).toBe(2_552_436); // £22,374.36 + £3,150.00
    expect(withShade.sections[1]).toMatchObject({ lines: 2, taxable: 802_320, tax: 40_116 });
    expect(withShade.notChosen.lines).toBe(0);
  });

  test("out of range is a programming error: the schema refuses such input first", () => {
    expect(() => priceProposal([item({ quantity: 1_000, unitPrice: MAX_AMOUNT, taxRate: 1 })])).toThrow(RangeError);
    expect(() => priceProposal([item({ quantity: 1.5, unitPrice: 100 })])).toThrow(RangeError);
    expect(() =>
      priceProposal([item({ quantity: 1_000, unitPrice: 100, discount: { kind: "amount", amount: 101 } })]),
    ).toThrow(RangeError);
    const half = Math.ceil(MAX_AMOUNT / 2);
    expect(() =>
      priceProposal([
        item({ id: "a", quantity: 1_000, unitPrice: half }),
        item({ id: "b", quantity: 1_000, unitPrice: half }),
      ]),
    ).toThrow(RangeError);
  });
});
