import { describe, expect, it } from "vitest";

import {
  centsToDecimal,
  formatBytes,
  formatCount,
  formatCountOf,
  formatDate,
  formatDays,
  formatMoney,
  formatPercent,
  localIsoDate,
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

describe("localIsoDate", () => {
  it("writes the browser's calendar date, and the days after it, across month and year ends", () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
    expect(localIsoDate(new Date(2026, 0, 31), 1)).toBe("2026-02-01");
    expect(localIsoDate(new Date(2026, 11, 31), 1)).toBe("2027-01-01");
    expect(localIsoDate(parseIsoDate("2026-03-01")!, -1)).toBe("2026-02-28");
  });
});

describe("numbers", () => {
  it("groups counts, writes percentages and days", () => {
    expect(formatCount(1200, "en-US")).toBe("1,200");
    expect(formatPercent(87.54, "en-US")).toBe("87.5%");
    expect(formatDays(1, "en-US")).toBe("1 day");
    expect(formatDays(45, "en-US")).toBe("45 days");
    expect(formatCountOf(1, ["reminder", "reminders"], "en-US")).toBe("1 reminder");
    expect(formatCountOf(0, ["reminder", "reminders"], "en-US")).toBe("0 reminders");
    expect(formatCountOf(1200, ["reminder", "reminders"], "en-US")).toBe("1,200 reminders");
  });
});

describe("file sizes", () => {
  it("reads bytes in the unit that fits", () => {
    expect(formatBytes(0, "en-US")).toBe("0 B");
    expect(formatBytes(512, "en-US")).toBe("512 B");
    expect(formatBytes(2048, "en-US")).toBe("2 KB");
    expect(formatBytes(1_572_864, "en-US")).toBe("1.5 MB");
    expect(formatBytes(5 * 1024 ** 3, "en-US")).toBe("5 GB");
  });
});
