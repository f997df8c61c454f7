// A proposal's sections and line items as staff type them (zod, shared with
// the browser): numbers are read the company's locale's way and kept in
// totals.ts's integer units; every limit keeps the totals exact (MAX_AMOUNT).
import { z } from "zod";
import { optionalText, requiredName } from "~/lib/form-values";
import {
  decimalsRule,
  exampleNumber,
  formatMoney,
  formatQuantity,
  formatRate,
  type MoneyFormat,
  type NumberProblem,
  type Parsed,
  currencyDigits,
  parseMoney,
  parseScaled,
} from "./money";
import type { ProposalContent, ProposalLine } from "./proposal-document";
import { MAX_AMOUNT, MAX_QUANTITY, RATE_SCALE, type Discount, lineNet, priceProposal } from "./totals";

export const MAX_LINES = 500;
/** Each rate is a row of the totals (and of the PDF's totals block, which must fit a page). */
export const MAX_TAX_RATES = 10;
const DUPLICATE_ID = "Each line and section needs its own id: reload the page.";
export const DISCOUNT_KINDS = ["none", "percent", "amount"] as const;

/** The messages of one form's numbers, in its company's currency and locale. */
export function proposalMessages({ currency, locale }: MoneyFormat) {
  const digits = currencyDigits(currency);
  const money = (minor: number) => formatMoney(minor, { currency, locale });
  const hundred = formatRate(RATE_SCALE, locale);
  const rate = {
    empty: "Tax rate is required (0 for none)",
    format: `Enter a rate, such as ${exampleNumber(20, 0, locale)} or ${exampleNumber(8875, 3, locale)}`,
    decimals: "Tax rate can have at most 3 decimals",
    negative: `Tax rate must be between 0 and ${hundred}`,
    range: `Tax rate must be between 0 and ${hundred}`,
  };
  return {
    quantity: {
      empty: "Quantity is required",
      format: `Enter a number, such as ${formatQuantity(12_500, locale)}`,
      decimals: "Quantity can have at most 3 decimals",
      negative: "Quantity must be more than 0",
      zero: "Quantity must be more than 0",
      range: `Quantity must be at most ${formatQuantity(MAX_QUANTITY, locale)}`,
    },
    unitPrice: {
      empty: "Unit price is required",
      format: `Enter a price, such as ${exampleNumber(1234 * 10 ** digits + (digits ? 5 * 10 ** (digits - 1) : 0), digits, locale)}`,
      decimals: `${currency} prices have ${decimalsRule(digits)}`,
      negative: "Unit price must be 0 or more",
      range: `Unit price must be at most ${money(MAX_AMOUNT)}`,
    },
    taxRate: rate,
    discountRate: {
      empty: "Discount is required",
      format: rate.format,
      decimals: "Discount can have at most 3 decimals",
      negative: `Discount must be between 0 and ${hundred}`,
      range: `Discount must be between 0 and ${hundred}`,
    },
    discountAmount: {
      empty: "Discount is required",
      format: `Enter an amount, such as ${exampleNumber(5_000 * 10 ** digits, digits, locale)}`,
      decimals: `${currency} amounts have ${decimalsRule(digits)}`,
      negative: "Discount must be 0 or more",
      range: `Discount must be at most ${money(MAX_AMOUNT)}`,
      more: (net: number) => `Discount cannot be more than the line's amount (${money(net)})`,
    },
    lineTooLarge: `This line comes to more than ${money(MAX_AMOUNT)}: lower its quantity or price`,
    totalTooLarge: `This proposal comes to more than ${money(MAX_AMOUNT)} with every optional line: split it into several proposals`,
    tooManyLines: `A proposal can have at most ${MAX_LINES} lines`,
    tooManyRates: `A proposal can have at most ${MAX_TAX_RATES} different tax rates`,
    section: "Choose a section for this line",
    duplicate: DUPLICATE_ID,
  };
}

type Messages = Record<NumberProblem, string>;

/** Typed text read by `parse`, refused with the field's message, or its integer when within `max`. */
function numberField(parse: (text: string) => Parsed, messages: Messages, max: number) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parse(text ?? "");
      if (!parsed.ok || parsed.value > max) {
        ctx.addIssue({ code: "custom", message: messages[parsed.ok ? "range" : parsed.problem] });
        return z.NEVER;
      }
      return parsed.value;
    });
}

/** A rate as typed ("20", "8.875", "20 %"), in thousandths of a percent. */
const rateParser = (locale: string) => (text: string) => parseScaled(text.trim().replace(/\s*%$/, ""), locale, 3);

/** One line of the form; `discount` is read as `discountKind` says. */
export function proposalLineSchema(format: MoneyFormat) {
  const messages = proposalMessages(format);
  const { locale } = format;
  return z
    .object({
      id: z.uuid({ message: messages.duplicate }),
      sectionId: z.uuid({ message: messages.section }),
      name: requiredName(200),
      description: optionalText(2000),
      unit: optionalText(20),
      quantity: numberField((text) => parseScaled(text, locale, 3), messages.quantity, MAX_QUANTITY),
      unitPrice: numberField((text) => parseMoney(text, format), messages.unitPrice, MAX_AMOUNT),
      discountKind: z.enum(DISCOUNT_KINDS, { message: "Choose a kind of discount" }).default("none"),
      discount: z.string().optional(),
      taxRate: numberField(rateParser(locale), messages.taxRate, RATE_SCALE),
      optional: z
        .literal("on")
        .optional()
        .transform((value) => value === "on"),
    })
    .transform((values, ctx): ProposalLine => {
      const { discountKind, discount: typed, ...line } = values;
      if (line.quantity === 0) ctx.addIssue({ code: "custom", path: ["quantity"], message: messages.quantity.zero });
      let net: number | null = null;
      try {
        net = lineNet(line.quantity, line.unitPrice);
      } catch {
        ctx.addIssue({ code: "custom", path: ["unitPrice"], message: messages.lineTooLarge });
      }
      let discount: Discount | null = null;
      if (discountKind !== "none") {
        const percent = discountKind === "percent";
        const parsed = percent ? rateParser(locale)(typed ?? "") : parseMoney(typed ?? "", format);
        const problems = percent ? messages.discountRate : messages.discountAmount;
        const max = percent ? RATE_SCALE : MAX_AMOUNT;
        if (!parsed.ok || parsed.value > max)
          ctx.addIssue({ code: "custom", path: ["discount"], message: problems[parsed.ok ? "range" : parsed.problem] });
        else if (percent) discount = { kind: "percent", rate: parsed.value };
        else if (net !== null && parsed.value > net)
          ctx.addIssue({ code: "custom", path: ["discount"], message: messages.discountAmount.more(net) });
        else discount = { kind: "amount", amount: parsed.value };
      }
      return { ...line, discount };
    });
}

export function proposalSectionSchema() {
  return z.object({
    id: z.uuid({ message: DUPLICATE_ID }),
    title: requiredName(100, "Section title is required"),
    description: optionalText(300),
  });
}

/** A version's sections and lines together: each line in one of the sections, the whole within MAX_AMOUNT. */
export function proposalContentSchema(format: MoneyFormat) {
  const messages = proposalMessages(format);
  return z
    .object({
      sections: z.array(proposalSectionSchema()).max(100, "A proposal can have at most 100 sections"),
      lines: z.array(proposalLineSchema(format)).max(MAX_LINES, messages.tooManyLines),
    })
    .superRefine((content: ProposalContent, ctx) => {
      const sectionIds = new Set(content.sections.map((section) => section.id));
      const ids = new Set<string>();
      if (sectionIds.size !== content.sections.length)
        ctx.addIssue({ code: "custom", path: ["sections"], message: messages.duplicate });
      for (const [index, line] of content.lines.entries()) {
        if (!sectionIds.has(line.sectionId))
          ctx.addIssue({ code: "custom", path: ["lines", index, "sectionId"], message: messages.section });
        if (ids.has(line.id) || sectionIds.has(line.id))
          ctx.addIssue({ code: "custom", path: ["lines", index, "id"], message: messages.duplicate });
        ids.add(line.id);
      }
      if (new Set(content.lines.map((line) => line.taxRate)).size > MAX_TAX_RATES)
        ctx.addIssue({ code: "custom", path: ["lines"], message: messages.tooManyRates });
      try {
        priceProposal(content.lines, ids);
      } catch {
        ctx.addIssue({ code: "custom", path: ["lines"], message: messages.totalTooLarge });
      }
    });
}

export type ProposalContentValues = z.output<ReturnType<typeof proposalContentSchema>>;
