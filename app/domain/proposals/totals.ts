// A proposal's arithmetic, in integers only (isomorphic: the server's totals
// are the ones recorded, the portal's page updates the same way as the buyer
// ticks optional lines).
//
// Units: amounts are integers of the currency's minor unit (cents; yen have
// none), quantities are thousandths of a unit (12.5 m² is 12_500) and rates
// (tax, percent discounts) thousandths of a percent (20 % is 20_000, New
// York's 8.875 % is 8_875: basis points could not hold it, nor Québec's 9.975 %).
//
// Rounding, the one rule: each line is rounded to the minor unit at three
// steps (its net = quantity × unit price, its percent discount, its tax), each
// to the nearest, halves away from zero. Everything after that is a sum of
// those integers, so sections, tax by rate and the grand total add up exactly,
// and a line's gross is what the buyer gets when checking it on a calculator or
// with a spreadsheet's ROUND(), which both round halves away from zero (and
// what tax authorities mean by "to the nearest penny"). Half-to-even would only
// pay off over many thousands of roundings; a buyer re-checking a line by hand
// would see it as a mistake. Tax is per line, not per rate on the total, so a
// tax band can differ from its rate × its base by a few minor units: the PDF says so.
//
// Products are taken in BigInt (a quantity of 10^9 thousandths times a price of
// 10^15 overflows any double); every amount and sum is checked against
// MAX_AMOUNT, which keeps them exact as JavaScript numbers and in a bigint column.

export const QUANTITY_SCALE = 1000;
/** 100 % in rate units (thousandths of a percent). */
export const RATE_SCALE = 100_000;
/** A million units of anything. */
export const MAX_QUANTITY = 1_000_000 * QUANTITY_SCALE;
/** The largest amount in minor units any line, section or total may reach: below 2^53 and a bigint's limit. */
export const MAX_AMOUNT = 999_999_999_999_999;

/** A percentage of the line's net (rate in thousandths of a percent), or an amount off it (minor units). */
export type Discount = { kind: "percent"; rate: number } | { kind: "amount"; amount: number };

/** What the arithmetic reads of a line. */
export interface PricedLine {
  /** Stable across versions: comparisons and the buyer's choices name lines by it. */
  id: string;
  sectionId: string;
  /** Thousandths of a unit, > 0. */
  quantity: number;
  /** Minor units per unit, ≥ 0. */
  unitPrice: number;
  discount: Discount | null;
  /** Thousandths of a percent, 0 … RATE_SCALE. */
  taxRate: number;
  /** The buyer may tick it; counted only when chosen. */
  optional: boolean;
}

export interface Amounts {
  /** Quantity × unit price. */
  net: number;
  discount: number;
  /** Net less discount: what tax is charged on. */
  taxable: number;
  tax: number;
  /** Taxable plus tax: what is paid. */
  gross: number;
}

export interface LineAmounts extends Amounts {
  id: string;
  sectionId: string;
  /** Counted in the totals: not optional, or optional and chosen. */
  included: boolean;
}

export interface SectionTotals extends Amounts {
  sectionId: string;
  /** How many of its lines are counted. */
  lines: number;
}

/** One tax rate's share of the totals: its base and the sum of its lines' tax. */
export interface TaxBand {
  rate: number;
  taxable: number;
  tax: number;
}

export interface ProposalTotals extends Amounts {
  /** By rate, lowest first; a rate no counted line has is absent. */
  taxes: TaxBand[];
}

export interface ProposalPricing {
  /** Every line, in the order given, optional ones whether chosen or not. */
  lines: LineAmounts[];
  /** Sections in the order their first line comes; each sums its counted lines. */
  sections: SectionTotals[];
  /** The counted lines. */
  totals: ProposalTotals;
  /** The optional lines not chosen: what choosing all of them would add. */
  notChosen: Amounts & { lines: number };
}

/** a × b / divisor, rounded to the nearest integer, halves away from zero. */
function mulDivRound(a: number, b: number, divisor: bigint): bigint {
  const product = BigInt(a) * BigInt(b);
  const magnitude = product < 0n ? -product : product;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return product < 0n ? -rounded : rounded;
}

function amount(value: bigint | number, what: string): number {
  if (value < 0 || value > MAX_AMOUNT)
    throw new RangeError(`${what} is outside 0 … ${MAX_AMOUNT} minor units: validate lines with the schema first`);
  return Number(value);
}

function checkInteger(value: number, min: number, max: number, what: string) {
  if (!Number.isSafeInteger(value) || value < min || value > max)
    throw new RangeError(`${what} must be an integer in ${min} … ${max} (got ${value})`);
}

/** Quantity × unit price, rounded to the minor unit. */
export function lineNet(quantity: number, unitPrice: number): number {
  checkInteger(quantity, 0, MAX_QUANTITY, "quantity");
  checkInteger(unitPrice, 0, MAX_AMOUNT, "unitPrice");
  return amount(mulDivRound(quantity, unitPrice, BigInt(QUANTITY_SCALE)), "a line's net");
}

/** One line's amounts (whether or not it is counted). */
export function lineAmounts(line: PricedLine): Amounts {
  const net = lineNet(line.quantity, line.unitPrice);
  checkInteger(line.taxRate, 0, RATE_SCALE, "taxRate");
  let discount = 0;
  if (line.discount?.kind === "percent") {
    checkInteger(line.discount.rate, 0, RATE_SCALE, "discount rate");
    discount = Number(mulDivRound(net, line.discount.rate, BigInt(RATE_SCALE)));
  } else if (line.discount?.kind === "amount") {
    checkInteger(line.discount.amount, 0, net, "discount amount");
    discount = line.discount.amount;
  }
  const taxable = net - discount;
  const tax = amount(mulDivRound(taxable, line.taxRate, BigInt(RATE_SCALE)), "a line's tax");
  return { net, discount, taxable, tax, gross: amount(taxable + tax, "a line's gross") };
}

const zero = (): Amounts => ({ net: 0, discount: 0, taxable: 0, tax: 0, gross: 0 });
const KEYS = ["net", "discount", "taxable", "tax", "gross"] as const;

function add(sum: Amounts, line: Amounts) {
  for (const key of KEYS) sum[key] = amount(sum[key] + line[key], `the ${key} total`);
}

/** The lines' amounts, section subtotals and totals with the given optional lines chosen. */
export function priceProposal(lines: readonly PricedLine[], chosen: Iterable<string> = []): ProposalPricing {
  const picked = new Set(chosen);
  const sections = new Map<string, SectionTotals>();
  const bands = new Map<number, TaxBand>();
  const totals = zero();
  const notChosen = { ...zero(), lines: 0 };
  const priced = lines.map((line): LineAmounts => {
    const amounts = lineAmounts(line);
    const included = !line.optional || picked.has(line.id);
    let section = sections.get(line.sectionId);
    if (!section) sections.set(line.sectionId, (section = { sectionId: line.sectionId, lines: 0, ...zero() }));
    if (included) {
      add(section, amounts);
      section.lines++;
      add(totals, amounts);
      const band = bands.get(line.taxRate) ?? { rate: line.taxRate, taxable: 0, tax: 0 };
      band.taxable += amounts.taxable;
      band.tax += amounts.tax;
      bands.set(line.taxRate, band);
    } else {
      add(notChosen, amounts);
      notChosen.lines++;
    }
    return { id: line.id, sectionId: line.sectionId, included, ...amounts };
  });
  return {
    lines: priced,
    sections: [...sections.values()],
    // Each band's sums are bounded by the totals', already checked.
    totals: { ...totals, taxes: [...bands.values()].sort((a, b) => a.rate - b.rate) },
    notChosen,
  };
}
