// The line items' form: numbers read the company's way into integer units, and
// every refusal with its message on its field.
import { describe, expect, test } from "vitest";
import type { MoneyFormat } from "./money";
import { MAX_LINES, proposalContentSchema, proposalLineSchema } from "./schema";

const EUR: MoneyFormat = { currency: "EUR", locale: "en" };
const section = "00000000-0000-4000-8000-000000000001";
const lineId = (n: number) => `00000000-0000-4000-8000-${String(n + 100).padStart(12, "0")}`;

const typed = (fields: Record<string, string> = {}) => ({
  id: lineId(0),
  sectionId: section,
  name: "Rope pyramid",
  quantity: "1",
  unitPrice: "8,400.00",
  taxRate: "20",
  ...fields,
});

/** The messages by field, or the line as read. */
function read(fields: Record<string, string>, money = EUR) {
  const result = proposalLineSchema(money).safeParse(typed(fields));
  if (result.success) return result.data;
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("a line as typed", () => {
  test("is read into thousandths, minor units and thousandths of a percent", () => {
    expect(
      read({
        quantity: "12.5",
        unit: " m² ",
        unitPrice: "€1,234.50",
        discountKind: "percent",
        discount: "12.5 %",
        taxRate: "8.875",
        optional: "on",
        description: "",
      }),
    ).toEqual({
      id: lineId(0),
      sectionId: section,
      name: "Rope pyramid",
      description: null,
      unit: "m²",
      quantity: 12_500,
      unitPrice: 123_450,
      discount: { kind: "percent", rate: 12_500 },
      taxRate: 8_875,
      optional: true,
    });
    expect(read({ discountKind: "amount", discount: "400" })).toMatchObject({
      discount: { kind: "amount", amount: 40_000 },
      optional: false,
    });
    expect(
      read({ quantity: "2,5", unitPrice: "1.234,50", taxRate: "19" }, { currency: "EUR", locale: "de-DE" }),
    ).toMatchObject({
      quantity: 2_500,
      unitPrice: 123_450,
      taxRate: 19_000,
    });
  });

  test.each<[Record<string, string>, Record<string, string>]>([
    [{ quantity: "" }, { quantity: "Quantity is required" }],
    [{ quantity: "0" }, { quantity: "Quantity must be more than 0" }],
    [{ quantity: "-1" }, { quantity: "Quantity must be more than 0" }],
    [{ quantity: "1.2345" }, { quantity: "Quantity can have at most 3 decimals" }],
    [{ quantity: "a dozen" }, { quantity: "Enter a number, such as 12.5" }],
    [{ quantity: "1000001" }, { quantity: "Quantity must be at most 1,000,000" }],
    [{ unitPrice: "" }, { unitPrice: "Unit price is required" }],
    [{ unitPrice: "-10" }, { unitPrice: "Unit price must be 0 or more" }],
    [{ unitPrice: "10.999" }, { unitPrice: "EUR prices have at most 2 decimals" }],
    [{ unitPrice: "ten" }, { unitPrice: "Enter a price, such as 1,234.50" }],
    [{ unitPrice: "10000000000000" }, { unitPrice: "Unit price must be at most €9,999,999,999,999.99" }],
    [
      { quantity: "1000", unitPrice: "9999999999999" },
      { unitPrice: "This line comes to more than €9,999,999,999,999.99: lower its quantity or price" },
    ],
    [{ taxRate: "" }, { taxRate: "Tax rate is required (0 for none)" }],
    [{ taxRate: "101" }, { taxRate: "Tax rate must be between 0 and 100%" }],
    [{ taxRate: "-5" }, { taxRate: "Tax rate must be between 0 and 100%" }],
    [{ taxRate: "8.8755" }, { taxRate: "Tax rate can have at most 3 decimals" }],
    [{ taxRate: "VAT" }, { taxRate: "Enter a rate, such as 20 or 8.875" }],
    [{ discountKind: "percent", discount: "" }, { discount: "Discount is required" }],
    [{ discountKind: "percent", discount: "120" }, { discount: "Discount must be between 0 and 100%" }],
    [
      { discountKind: "amount", discount: "8400.01" },
      { discount: "Discount cannot be more than the line's amount (€8,400.00)" },
    ],
    [{ discountKind: "amount", discount: "-1" }, { discount: "Discount must be 0 or more" }],
    [{ discountKind: "amount", discount: "1.001" }, { discount: "EUR amounts have at most 2 decimals" }],
    [{ discountKind: "sometimes" }, { discountKind: "Choose a kind of discount" }],
    [{ name: "  " }, { name: "Name is required" }],
    [{ unit: "square metres of poured rubber" }, { unit: "Must be at most 20 characters" }],
    [{ sectionId: "" }, { sectionId: "Choose a section for this line" }],
  ])("%j → %j", (fields, messages) => {
    expect(read(fields)).toEqual(messages);
  });

  test("the currency's decimals, in its own words and the locale's numbers", () => {
    const yen = { currency: "JPY", locale: "ja-JP" };
    expect(read({ unitPrice: "1500.5" }, yen)).toEqual({ unitPrice: "JPY prices have no decimals" });
    expect(read({ unitPrice: "ten" }, yen)).toEqual({ unitPrice: "Enter a price, such as 1,234" });
    expect(read({ unitPrice: "1,500" }, yen)).toMatchObject({ unitPrice: 1_500 });
    const dinar = { currency: "KWD", locale: "en" };
    expect(read({ unitPrice: "1.2345" }, dinar)).toEqual({ unitPrice: "KWD prices have at most 3 decimals" });
    expect(read({ unitPrice: "1.234" }, dinar)).toMatchObject({ unitPrice: 1_234 });
    const german = { currency: "EUR", locale: "de-DE" };
    expect(read({ unitPrice: "zehn", quantity: "viel" }, german)).toEqual({
      unitPrice: "Enter a price, such as 1.234,50",
      quantity: "Enter a number, such as 12,5",
    });
  });
});

describe("a version's sections and lines", () => {
  const content = (lines: Record<string, string>[]) => ({
    sections: [{ id: section, title: "Equipment" }],
    lines: lines.map((fields, index) => typed({ id: lineId(index), ...fields })),
  });
  const issues = (value: unknown) =>
    proposalContentSchema(EUR)
      .safeParse(value)
      .error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  test("each line in one of its sections, every id its own", () => {
    expect(proposalContentSchema(EUR).safeParse(content([{}, {}])).success).toBe(true);
    const other = "00000000-0000-4000-8000-000000000002";
    expect(issues(content([{}, { sectionId: other }]))).toEqual([
      ["lines.1.sectionId", "Choose a section for this line"],
    ]);
    expect(issues(content([{}, { id: lineId(0) }]))).toEqual([
      ["lines.1.id", "Each line and section needs its own id: reload the page."],
    ]);
    expect(issues({ sections: [{ id: section, title: "" }], lines: [] })).toEqual([
      ["sections.0.title", "Section title is required"],
    ]);
  });

  test("its total with every optional line fits the limit; at most 10 tax rates and 500 lines", () => {
    // Half the limit and a little more: one fits, two do not.
    const big = { quantity: "1", unitPrice: "5,000,000,000,000.00", taxRate: "0" };
    expect(proposalContentSchema(EUR).safeParse(content([big])).success).toBe(true);
    expect(issues(content([big, { ...big, optional: "on" }]))).toEqual([
      [
        "lines",
        "This proposal comes to more than €9,999,999,999,999.99 with every optional line: split it into several proposals",
      ],
    ]);
    const rates = Array.from({ length: 11 }, (_, index) => ({ taxRate: String(index) }));
    expect(issues(content(rates))).toEqual([["lines", "A proposal can have at most 10 different tax rates"]]);
    const many = Array.from({ length: MAX_LINES + 1 }, () => ({}));
    expect(issues(content(many))).toEqual([["lines", "A proposal can have at most 500 lines"]]);
  });
});
