// The proposal editor's form, isomorphic: its schema (the proposal's fields,
// its sections and lines as schema.ts reads them, each line's catalogue
// option), the lines as typed (strings, the company's way) and back, and the
// totals previewed as staff type, with the same arithmetic the server records.
import { z } from "zod";
import type { VersionContent, VersionLine } from "./content";
import { optionalId, proposalHeadSchema } from "./forms";
import { currencyDigits, exampleNumber, formatQuantity, type MoneyFormat } from "./money";
import type { ProposalLine } from "./proposal-document";
import { type DISCOUNT_KINDS, proposalContentSchema, proposalLineSchema } from "./schema";
import { priceProposal } from "./totals";

/** Everything the editor posts: the proposal's fields and its draft's sections and lines. */
export function proposalEditorSchema(format: MoneyFormat) {
  return (
    proposalHeadSchema
      .and(proposalContentSchema(format))
      .and(z.object({ lines: z.array(z.object({ optionId: optionalId })).default([]) }))
      // zod merges each line with its option element by element; its type says only "both arrays".
      .transform((values) => values as typeof values & { lines: (ProposalLine & { optionId: string | null })[] })
  );
}

export type ProposalEditorValues = z.output<ReturnType<typeof proposalEditorSchema>>;

export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A line as the form holds it: what was typed. */
export interface EditorLine {
  id: string;
  sectionId: string;
  /** The catalogue option it came from, "" for a free line. */
  optionId: string;
  name: string;
  description: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  discountKind: DiscountKind;
  discount: string;
  taxRate: string;
  optional: boolean;
}

export interface EditorSection {
  id: string;
  title: string;
  description: string;
}

/** An amount in minor units as typed back into a field: "1,234.50" (no currency sign). */
export function typedAmount(minor: number, format: MoneyFormat): string {
  return exampleNumber(minor, currencyDigits(format.currency), format.locale);
}

/** A stored line as the form shows it. */
export function typedLine(line: VersionLine, format: MoneyFormat): EditorLine {
  const { locale } = format;
  return {
    id: line.id,
    sectionId: line.sectionId,
    optionId: line.optionId ?? "",
    name: line.name,
    description: line.description ?? "",
    unit: line.unit ?? "",
    quantity: formatQuantity(line.quantity, locale),
    unitPrice: typedAmount(line.unitPrice, format),
    discountKind: line.discount?.kind ?? "none",
    discount: !line.discount
      ? ""
      : line.discount.kind === "percent"
        ? formatQuantity(line.discount.rate, locale)
        : typedAmount(line.discount.amount, format),
    // Rates are thousandths of a percent, written as quantities are: 20_000 → "20".
    taxRate: formatQuantity(line.taxRate, locale),
    optional: line.optional,
  };
}

export function typedSections(content: VersionContent): EditorSection[] {
  return content.sections.map((section) => ({
    id: section.id,
    title: section.title,
    description: section.description ?? "",
  }));
}

/** What the form posts for a line, as the schema reads it. */
export function postedLine(line: EditorLine) {
  const { optional, optionId, ...rest } = line;
  return { ...rest, optionId, ...(optional ? { optional: "on" as const } : {}) };
}

/** The form's values as posted: for validating in the browser what the server will read. */
export function postedValues(values: {
  head: { title: string; validUntil: string; projectId: string; introduction: string; terms: string; version: string };
  sections: EditorSection[];
  lines: EditorLine[];
}) {
  return { ...values.head, sections: values.sections, lines: values.lines.map(postedLine) };
}

/** A field's name as Conform writes it, from a zod issue's path: lines[3].quantity. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)),
    "",
  );
}

/** Each field's messages, by name, or null when the values are fine. */
export function editorErrors(format: MoneyFormat, posted: unknown): Record<string, string[]> | null {
  const result = proposalEditorSchema(format).safeParse(posted);
  if (result.success) return null;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const name = fieldName(issue.path);
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/** The lines as read for the totals preview, kept by line (an edit makes a new line object). */
const readLines = new WeakMap<EditorLine, ProposalLine | null>();
const lineSchemas = new WeakMap<MoneyFormat, ReturnType<typeof proposalLineSchema>>();

function readLine(line: EditorLine, format: MoneyFormat): ProposalLine | null {
  if (readLines.has(line)) return readLines.get(line)!;
  let schema = lineSchemas.get(format);
  if (!schema) lineSchemas.set(format, (schema = proposalLineSchema(format)));
  const result = schema.safeParse(postedLine(line));
  const read = result.success ? result.data : null;
  readLines.set(line, read);
  return read;
}

/**
 * The totals of the lines as typed, the way the server will record them; the
 * lines that do not read yet are left out and counted. `format` must stay the
 * same object for the form's life (the read lines are kept by line).
 */
export function previewPricing(lines: readonly EditorLine[], format: MoneyFormat) {
  const read: ProposalLine[] = [];
  let unread = 0;
  for (const line of lines) {
    const value = readLine(line, format);
    if (value) read.push(value);
    else unread++;
  }
  try {
    return { pricing: priceProposal(read), unread };
  } catch {
    return { pricing: null, unread };
  }
}
