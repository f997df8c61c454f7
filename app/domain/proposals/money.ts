// Money, quantities and rates as a proposal shows and reads them, in the
// company's currency and locale (isomorphic: the forms and the PDF share it).
// Amounts are integers of the currency's minor unit (cents, fils; yen have
// none), as Intl knows them; quantities are thousandths of a unit and rates
// thousandths of a percent (totals.ts). Formatting goes through decimal
// strings, so no amount ever passes through a binary fraction.

/** The company's currency (ISO 4217 code) and the locale its numbers are written in. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** One formatter per kind and locale for the process: building one per call is slow. */
function formatter(key: string, locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const name = `${key}|${locale}`;
  let format = formatters.get(name);
  if (!format) formatters.set(name, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** Whether Intl knows the code as a currency ("EUR", "JPY", "KWD"). */
export function isCurrency(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf("currency").includes(code);
}

/** Digits of the currency's minor unit as Intl (CLDR) has them: JPY 0, EUR 2, KWD 3. */
export function currencyDigits(currency: string): number {
  return currencyFormatter(currency, "en").resolvedOptions().maximumFractionDigits ?? 2;
}

function currencyFormatter(currency: string, locale: string) {
  return formatter(`currency:${currency}`, locale, { style: "currency", currency });
}

/** An integer scaled by 10^decimals as the exact decimal string Intl reads: (-123456, 2) → "-1234.56". */
export function decimalString(scaled: number | bigint, decimals: number): `${number}` {
  const value = BigInt(scaled);
  const digits = (value < 0n ? -value : value).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(-decimals)}` : "";
  return `${value < 0n ? "-" : ""}${whole}${fraction}` as `${number}`;
}

/** "€1,234.50", "1.234,50 €", "¥1,235", "KWD 1.250": minor units in the company's currency and locale. */
export function formatMoney(minor: number, money: MoneyFormat): string {
  return currencyFormatter(money.currency, money.locale).format(decimalString(minor, currencyDigits(money.currency)));
}

/** "12.5", "12,5": a quantity in thousandths, with as many decimals as it has. */
export function formatQuantity(thousandths: number, locale: string): string {
  return formatter("quantity", locale, { maximumFractionDigits: 3 }).format(decimalString(thousandths, 3));
}

/** "20%", "8,875 %": a rate in thousandths of a percent. */
export function formatRate(rate: number, locale: string): string {
  return formatter("rate", locale, { style: "percent", maximumFractionDigits: 3 }).format(decimalString(rate, 5));
}

/** Why typed text is not a number the field can take. */
export type NumberProblem = "empty" | "format" | "decimals" | "negative" | "range";
export type Parsed = { ok: true; value: number } | { ok: false; problem: NumberProblem };

const separators = new Map<string, { group: string; decimal: string }>();

function separatorsOf(locale: string) {
  let found = separators.get(locale);
  if (!found) {
    const parts = formatter("parts", locale, {}).formatToParts(1234567.5);
    found = {
      group: parts.find((part) => part.type === "group")?.value ?? ",",
      decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    };
    separators.set(locale, found);
  }
  return found;
}

/** Without the direction marks right-to-left locales put around numbers. */
const withoutMarks = (text: string) => text.replace(/[\u200e\u200f\u061c]/g, "").trim();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Typed text as an integer scaled by 10^decimals: ("1,234.5", "en", 2) → 123450,
 * ("1.234,5", "de", 2) → 123450. The locale's decimal sign is the only one
 * read; group signs (the locale's, a space or an apostrophe, never the other
 * of "." and ",") may only stand between digits and the last group before the
 * decimals has three (so "1.5" in German, where "." groups, is refused rather
 * than guessed). More decimals than `decimals` are refused unless they are
 * zeros ("1500.00" yen is 1500).
 */
export function parseScaled(text: string, locale: string, decimals: number): Parsed {
  const { group, decimal } = separatorsOf(locale);
  // Arabic-Indic digits as the locale may write them, and ASCII.
  const typed = withoutMarks(text)
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x6f0));
  if (!typed) return { ok: false, problem: "empty" };
  if (/^[-−‒–]/.test(typed)) return { ok: false, problem: "negative" };
  const groupSign = `(?:${escape(group)}|[\\s\\u00a0\\u202f'’])`;
  const pattern = new RegExp(
    `^(\\d{1,3}(?:${groupSign}\\d{2,3})*${groupSign}\\d{3}|\\d*)(?:${escape(decimal)}(\\d*))?$`,
  );
  const match = pattern.exec(typed);
  const whole = match?.[1]?.replace(/\D/g, "") ?? "";
  const fraction = match?.[2] ?? "";
  if (!match || (!whole && !fraction)) return { ok: false, problem: "format" };
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) return { ok: false, problem: "decimals" };
  const value = BigInt(`${whole || "0"}${fraction.slice(0, decimals).padEnd(decimals, "0")}`);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, problem: "range" };
  return { ok: true, value: Number(value) };
}

/** A price as typed ("1,234.50", "€1234.5", "1 234,50 €") in minor units of the currency, or why not. */
export function parseMoney(text: string, money: MoneyFormat): Parsed {
  const parts = currencyFormatter(money.currency, money.locale).formatToParts(1);
  const symbol = parts.find((part) => part.type === "currency")?.value;
  let typed = withoutMarks(text);
  for (const sign of [money.currency, symbol]) {
    if (sign && typed.startsWith(sign)) typed = typed.slice(sign.length);
    else if (sign && typed.endsWith(sign)) typed = typed.slice(0, -sign.length);
  }
  return parseScaled(typed, money.locale, currencyDigits(money.currency));
}

/** "Enter a price, such as 1,234.50": an example written the locale's way, with the currency's decimals. */
export function exampleNumber(scaled: number, decimals: number, locale: string): string {
  return formatter(`example:${decimals}`, locale, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(decimalString(scaled, decimals));
}

/** "at most 2 decimals", "no decimals": the currency's rule in words, for its messages. */
export function decimalsRule(decimals: number): string {
  return decimals === 0 ? "no decimals" : `at most ${decimals} ${decimals === 1 ? "decimal" : "decimals"}`;
}
