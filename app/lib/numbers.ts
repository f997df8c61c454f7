// Numbers typed into the project form. Decimals stay strings from the input to
// the numeric column and back, so 12.3 is stored as exactly 12.30 (never
// 12.300000001); empty means null.
import { z } from "zod";

export const NOT_A_NUMBER = "Must be a number";
export const NOT_WHOLE = "Must be a whole number";
export const NEGATIVE = "Must be 0 or more";

// Digits with an optional fraction; thousands may be grouped with commas ("1,250.5").
const DECIMAL = /^(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d*)?$/;

export type ParsedNumber<T> = { ok: true; value: T | null } | { ok: false; message: string };

/**
 * A non-negative decimal with at most `scale` places, as the canonical text of
 * a numeric(precision, scale) column ("12.3" → "12.30"); "" → null.
 */
export function parseDecimal(
  input: string | undefined,
  options: { precision: number; scale: number },
): ParsedNumber<string> {
  const text = (input ?? "").trim();
  if (text === "") return { ok: true, value: null };
  if (text.startsWith("-") && DECIMAL.test(text.slice(1)) && /\d/.test(text)) return { ok: false, message: NEGATIVE };
  if (!DECIMAL.test(text) || !/\d/.test(text)) return { ok: false, message: NOT_A_NUMBER };
  const [whole = "", fraction = ""] = text.replace(/,/g, "").split(".");
  if (fraction.length > options.scale) {
    return { ok: false, message: `Use at most ${options.scale} decimal places` };
  }
  const digits = whole.replace(/^0+(?=\d)/, "") || "0";
  if (digits.length > options.precision - options.scale) {
    return {
      ok: false,
      message: `Must be less than ${(10 ** (options.precision - options.scale)).toLocaleString("en-US")}`,
    };
  }
  return { ok: true, value: `${digits}.${fraction.padEnd(options.scale, "0")}` };
}

const MAX_INTEGER = 2_147_483_647;

/** A non-negative whole number (an integer column); "" → null. */
export function parseWholeNumber(input: string | undefined, max = MAX_INTEGER): ParsedNumber<number> {
  const text = (input ?? "").trim().replace(/,/g, "");
  if (text === "") return { ok: true, value: null };
  if (!/^-?\d*\.?\d*$/.test(text) || !/\d/.test(text)) return { ok: false, message: NOT_A_NUMBER };
  if (text.startsWith("-") && Number(text) !== 0) return { ok: false, message: NEGATIVE };
  if (!/^-?\d+(?:\.0*)?$/.test(text)) return { ok: false, message: NOT_WHOLE };
  const value = Number.parseInt(text, 10);
  if (value > max) return { ok: false, message: `Must be at most ${max.toLocaleString("en-US")}` };
  return { ok: true, value: Math.abs(value) };
}

/** A zod field for a decimal: the canonical numeric text, or null. */
export const optionalDecimal = (precision: number, scale: number) =>
  z
    .string()
    .optional()
    .transform((input, ctx) => {
      const parsed = parseDecimal(input, { precision, scale });
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });

/** A zod field for a whole number, or null. */
export const optionalWholeNumber = (max = MAX_INTEGER) =>
  z
    .string()
    .optional()
    .transform((input, ctx) => {
      const parsed = parseWholeNumber(input, max);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });
