// The editor's form as posted and as typed back: the schema reads the fields
// with each line's catalogue option, names each message's field as the form
// does, and the preview prices the lines as the server will.
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, test } from "vitest";
import { readContent } from "./content";
import { editorErrors, postedValues, previewPricing, proposalEditorSchema, typedLine } from "./editor";
import type { MoneyFormat } from "./money";

const USD: MoneyFormat = { currency: "USD", locale: "en-US" };
const section = "00000000-0000-4000-8000-000000000001";
const option = "00000000-0000-4000-8000-000000000009";
const lineId = (n: number) => `00000000-0000-4000-8000-${String(n + 100).padStart(12, "0")}`;
const VERSION = "2026-01-01T00:00:00.000Z";

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const posted = {
  title: "Pirate ship",
  version: VERSION,
  "sections[0].id": section,
  "sections[0].title": "Equipment",
  "lines[0].id": lineId(0),
  "lines[0].sectionId": section,
  "lines[0].optionId": option,
  "lines[0].name": "Swing",
  "lines[0].quantity": "2",
  "lines[0].unitPrice": "1,500.00",
  "lines[0].taxRate": "20",
  "lines[1].id": lineId(1),
  "lines[1].sectionId": section,
  "lines[1].optionId": "",
  "lines[1].name": "Installation",
  "lines[1].quantity": "1",
  "lines[1].unitPrice": "800",
  "lines[1].discountKind": "amount",
  "lines[1].discount": "50",
  "lines[1].taxRate": "0",
  "lines[1].optional": "on",
};

describe("the editor's form", () => {
  test("reads the fields, the sections and lines, and each line's catalogue option", () => {
    const submission = parseWithZod(form(posted), { schema: proposalEditorSchema(USD) });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({
      title: "Pirate ship",
      validUntil: null,
      introduction: null,
      sections: [{ id: section, title: "Equipment", description: null }],
      lines: [
        { name: "Swing", optionId: option, quantity: 2000, unitPrice: 150_000, taxRate: 20_000, optional: false },
        { name: "Installation", optionId: null, discount: { kind: "amount", amount: 5000 }, optional: true },
      ],
    });
  });

  test("each message on its field's name, as the form names it", () => {
    const submission = parseWithZod(
      form({ ...posted, title: "", "lines[1].quantity": "0", "lines[0].unitPrice": "1.234" }),
      { schema: proposalEditorSchema(USD) },
    );
    expect(submission.reply().error).toMatchObject({
      title: ["Title is required"],
      "lines[1].quantity": ["Quantity must be more than 0"],
      "lines[0].unitPrice": ["USD prices have at most 2 decimals"],
    });
  });

  test("a stored line typed back reads as itself; the browser's check names the same fields", () => {
    const content = readContent({
      sections: [{ id: section, title: "Equipment" }],
      lines: [
        {
          id: lineId(0),
          sectionId: section,
          name: "Deck",
          unit: "m²",
          quantity: 12_500,
          unitPrice: 123_450,
          discount: { kind: "percent", rate: 12_500 },
          taxRate: 8_875,
          optional: true,
        },
      ],
    });
    const typed = typedLine(content.lines[0]!, USD);
    expect(typed).toMatchObject({ quantity: "12.5", unitPrice: "1,234.50", discount: "12.5", taxRate: "8.875" });
    const head = { title: "T", validUntil: "", projectId: "", introduction: "", terms: "", version: VERSION };
    const values = postedValues({
      head,
      sections: [{ id: section, title: "Equipment", description: "" }],
      lines: [typed],
    });
    expect(editorErrors(USD, values)).toBeNull();
    const read = proposalEditorSchema(USD).parse(values);
    const { picture: _picture, ...stored } = content.lines[0]!;
    expect(read.lines[0]).toEqual({ ...stored, optionId: null });

    expect(editorErrors(USD, { ...values, lines: [{ ...values.lines[0], taxRate: "" }] })).toEqual({
      "lines[0].taxRate": ["Tax rate is required (0 for none)"],
    });
  });

  test("the preview prices the lines that read and counts the others", () => {
    const line = (n: number, fields: Partial<ReturnType<typeof typedLine>> = {}) => ({
      id: lineId(n),
      sectionId: section,
      optionId: "",
      name: `Line ${n}`,
      description: "",
      unit: "",
      quantity: "1",
      unitPrice: "10.00",
      discountKind: "none" as const,
      discount: "",
      taxRate: "20",
      optional: false,
      ...fields,
    });
    const { pricing, unread } = previewPricing([line(0), line(1, { optional: true }), line(2, { quantity: "x" })], USD);
    expect(unread).toBe(1);
    expect(pricing?.totals).toMatchObject({ net: 1000, tax: 200, gross: 1200 });
    expect(pricing?.notChosen).toMatchObject({ gross: 1200, lines: 1 });
  });
});
