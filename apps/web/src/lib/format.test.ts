import { describe, expect, it } from "vitest";

import {
  centsToDecimal,
  formatCount,
  formatDate,
  formatDays,
  formatMoney,
  formatPercent,
  parseIsoDate,
} from "./format";

// Intl puts a narrow no-break space in some formats; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("money", () => {
  it("shows cents in the row's currency, in the locale's format", () => {
    expect(formatMoney(123456, "USD", { locale: "en-US" })).toBe("$1,234.56");
    expect(formatMoney(-5, "USD", { locale: "en-US" })).toBe("-$0.05");
    expect(formatMoney(0, "EUR", { locale: "en-US" })).toBe("€0.00");
    expect(plain(formatMoney(123456, "EUR", { locale: "de-DE" }))).toBe("1.234,56 €");
    expect(formatMoney(99, "GBP", { locale: "en-GB" })).toBe("£0.99");
    expect(formatMoney(123456, "CAD", { locale: "en-US" })).toBe("CA$1,234.56");
  });

  it("shortens large amounts for chart axes", () => {
    expect(formatMoney(12_345_600, "USD", { locale: "en-US", compact: true })).toBe("$123.5K");
  });

  it("writes plain decimals for files", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(-1200)).toBe("-12.00");
    expect(centsToDecimal(0)).toBe("0.00");
  });
});

describe("dates", () => {
  it("reads a calendar date as that day in any time zone", () => {
    const date = parseIsoDate("2026-01-05")!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 0, 5]);
    expect(parseIsoDate("2026-1-5")).toBeNull();
    expect(parseIsoDate("yesterday")).toBeNull();
  });

  it("formats calendar dates in the locale, with a dash for none", () => {
    expect(formatDate("2026-01-05", { locale: "en-US" })).toBe("Jan 5, 2026");
    expect(formatDate("2026-01-05", { locale: "en-GB" })).toBe("5 Jan 2026");
    expect(formatDate(null)).toBe("—");
    expect(formatDate(null, { fallback: "No due date" })).toBe("No due date");
  });
});

describe("numbers", () => {
  it("groups counts, writes percentages and days", () => {
    expect(formatCount(1200, "en-US")).toBe("1,200");
    expect(formatPercent(87.54, "en-US")).toBe("87.5%");
    expect(formatDays(1, "en-US")).toBe("1 day");
    expect(formatDays(45, "en-US")).toBe("45 days");
  });
});
