// Money in the company's currency and locale: minor-unit digits from Intl,
// exact formatting, and typed prices read back to the same integers.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  currencyDigits,
  formatMoney,
  formatQuantity,
  formatRate,
  isCurrency,
  type MoneyFormat,
  parseMoney,
  parseScaled,
} from "./money";
import { MAX_AMOUNT } from "./totals";

const EUR = { currency: "EUR", locale: "en" };
const NNBSP = "\u202f";

describe("formatting", () => {
  test("a currency's minor-unit digits come from Intl: JPY 0, EUR 2, KWD 3", () => {
    expect([currencyDigits("JPY"), currencyDigits("EUR"), currencyDigits("KWD"), currencyDigits("USD")]).toEqual([
      0, 2, 3, 2,
    ]);
    expect(isCurrency("EUR")).toBe(true);
    expect(isCurrency("EURO")).toBe(false);
    expect(isCurrency("ABC")).toBe(false);
  });

  test.each<[number, MoneyFormat, string]>([
    [123_450, EUR, "€1,234.50"],
    [123_450, { currency: "EUR", locale: "de-DE" }, "1.234,50\u00a0€"],
    [123_450, { currency: "EUR", locale: "fr-FR" }, `1${NNBSP}234,50\u00a0€`],
    [1_235, { currency: "JPY", locale: "en" }, "¥1,235"],
    [1_250, { currency: "KWD", locale: "en" }, "KWD\u00a01.250"],
    [5, EUR, "€0.05"],
    [0, EUR, "€0.00"],
    [12_345_678_90, { currency: "INR", locale: "en-IN" }, "₹1,23,45,678.90"],
  ])("%i minor units → %j", (minor, money, text) => {
    expect(formatMoney(minor, money)).toBe(text);
  });

  test("every amount up to the limit prints exactly, never through a binary fraction", () => {
    expect(formatMoney(MAX_AMOUNT, EUR)).toBe("€9,999,999,999,999.99");
    expect(formatMoney(MAX_AMOUNT, { currency: "KWD", locale: "en" })).toBe("KWD\u00a0999,999,999,999.999");
    // 0.29 is 0.28999… as a double; as a string it is 29 cents.
    expect(formatMoney(29, EUR)).toBe("€0.29");
  });

  test("quantities and rates with the decimals they have", () => {
    expect(formatQuantity(12_500, "en")).toBe("12.5");
    expect(formatQuantity(12_500, "de")).toBe("12,5");
    expect(formatQuantity(1_000, "en")).toBe("1");
    expect(formatQuantity(1_000_000_000, "en")).toBe("1,000,000");
    expect(formatRate(8_875, "en")).toBe("8.875%");
    expect(formatRate(20_000, "de")).toBe("20\u00a0%");
    expect(formatRate(0, "en")).toBe("0%");
  });
});

describe("parsing a typed price", () => {
  test.each<[string, MoneyFormat, number]>([
    ["1,234.50", EUR, 123_450],
    ["1234.5", EUR, 123_450],
    ["1234", EUR, 123_400],
    [".5", EUR, 50],
    ["€1,234.50", EUR, 123_450],
    ["  1 234.50 ", EUR, 123_450],
    ["EUR 99", EUR, 9_900],
    ["1.234,50", { currency: "EUR", locale: "de-DE" }, 123_450],
    ["1234,5", { currency: "EUR", locale: "de-DE" }, 123_450],
    ["1 234,50 €", { currency: "EUR", locale: "fr-FR" }, 123_450],
    [`1${NNBSP}234,50`, { currency: "EUR", locale: "fr-FR" }, 123_450],
    ["1'234.50", { currency: "CHF", locale: "de-CH" }, 123_450],
    ["12,34,567.50", { currency: "INR", locale: "en-IN" }, 1_234_567_50],
    ["1,500", { currency: "JPY", locale: "en" }, 1_500],
    ["1500.00", { currency: "JPY", locale: "en" }, 1_500], // trailing zeros say nothing more
    ["1.234", { currency: "KWD", locale: "en" }, 1_234],
    ["١٬٢٣٤٫٥٠٠", { currency: "KWD", locale: "ar-KW" }, 1_234_500],
  ])("%j in %o → %i", (text, money, minor) => {
    expect(parseMoney(text, money)).toEqual({ ok: true, value: minor });
  });

  test.each<[string, MoneyFormat, string]>([
    ["", EUR, "empty"],
    ["   ", EUR, "empty"],
    ["1.5", { currency: "JPY", locale: "en" }, "decimals"],
    ["1.234", EUR, "decimals"],
    ["1.2345", { currency: "KWD", locale: "en" }, "decimals"],
    ["-5", EUR, "negative"],
    ["−5", EUR, "negative"],
    ["abc", EUR, "format"],
    ["1,5", EUR, "format"], // a comma groups thousands in English: "1,5" is no number
    ["1.5", { currency: "EUR", locale: "de-DE" }, "format"], // and a point does in German
    ["1,2,3", EUR, "format"],
    ["1..2", EUR, "format"],
    [".", EUR, "format"],
    ["1e5", EUR, "format"],
    ["0x10", EUR, "format"],
    ["$5", EUR, "format"],
    ["99999999999999999", EUR, "range"],
  ])("%j in %o is refused: %s", (text, money, problem) => {
    expect(parseMoney(text, money)).toEqual({ ok: false, problem });
  });

  test("a quantity or rate reads the same way with three decimals", () => {
    expect(parseScaled("12.5", "en", 3)).toEqual({ ok: true, value: 12_500 });
    expect(parseScaled("12,125", "de", 3)).toEqual({ ok: true, value: 12_125 });
    expect(parseScaled("0.0005", "en", 3)).toEqual({ ok: false, problem: "decimals" });
  });

  test("what formatMoney prints, parseMoney reads back, in any currency and locale (property)", () => {
    const money = fc.constantFrom<MoneyFormat>(
      EUR,
      { currency: "EUR", locale: "de-DE" },
      { currency: "EUR", locale: "fr-FR" },
      { currency: "EUR", locale: "nl-NL" },
      { currency: "CHF", locale: "de-CH" },
      { currency: "JPY", locale: "ja-JP" },
      { currency: "INR", locale: "en-IN" },
      { currency: "KWD", locale: "ar-KW" },
      { currency: "KWD", locale: "en" },
      { currency: "USD", locale: "en-US" },
      { currency: "GBP", locale: "en-GB" },
      { currency: "SEK", locale: "sv-SE" },
    );
    fc.assert(
      fc.property(money, fc.integer({ min: 0, max: MAX_AMOUNT }), (format, minor) => {
        expect(parseMoney(formatMoney(minor, format), format)).toEqual({ ok: true, value: minor });
      }),
      { numRuns: 1000 },
    );
  });
});
