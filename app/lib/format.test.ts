import { describe, expect, test } from "vitest";
import { decimal, longDate, monthYear, numericDate, plural, shortMonthYear } from "./format";

describe("formats", () => {
  test("dates as the spec writes them, without time-zone shifts", () => {
    expect(longDate("2025-03-07")).toBe("March 07, 2025");
    expect(monthYear("2025-03-07")).toBe("March 2025");
    expect(shortMonthYear("2025-12-31")).toBe("Dec 2025");
    expect(numericDate("2025-01-01")).toBe("1/1/2025");
    expect(longDate(null)).toBeNull();
    expect(longDate("not a date")).toBeNull();
  });

  test("decimals drop trailing zeros and group thousands", () => {
    expect(decimal("20.00")).toBe("20");
    expect(decimal("12.30")).toBe("12.3");
    expect(decimal("1234.5")).toBe("1,234.5");
    expect(decimal(null)).toBeNull();
    expect(decimal("")).toBeNull();
  });

  test("a count takes its noun's singular for one, else the plural", () => {
    expect(plural(1, "image")).toBe("1 image");
    expect(plural(0, "image")).toBe("0 images");
    expect(plural(2, "gallery", "galleries")).toBe("2 galleries");
    expect(plural(1200, "record")).toBe("1,200 records");
  });
});
