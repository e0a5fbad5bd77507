import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/money.ts";
import { markerFits } from "./detect/currency-markers.ts";
import { findDates } from "./detect/dates.ts";
import { findInvoiceNumbers } from "./detect/invoice-numbers.ts";
import { findAmounts, parseMoney } from "./detect/money.ts";

const LOCALES = [
  "en-US",
  "en-GB",
  "en-CA",
  "de-DE",
  "de-CH",
  "fr-FR",
  "es-ES",
  "it-IT",
  "nl-NL",
  "pt-BR",
  "ja-JP",
];
const CURRENCIES = ["USD", "CAD", "EUR", "GBP", "CHF", "JPY", "AUD"];

const dates = (text: string, locale = "en-US") =>
  findDates(text, locale).dates.map((d) => [d.year, d.month, d.day]);
const amounts = (text: string, locale = "en-US") =>
  findAmounts(text, locale).amounts.map((a) => [a.cents, a.marker]);

describe("dates", () => {
  it("reads the formats a draft writes dates in", () => {
    expect(dates("due on March 31, 2026")).toEqual([[2026, 3, 31]]);
    expect(dates("due Mar. 31st, 2026 (Tuesday, March 31, 2026)")).toEqual([
      [2026, 3, 31],
      [2026, 3, 31],
    ]);
    expect(dates("31 March 2026, the 31st of March 2026, 31 Mar 2026")).toEqual([
      [2026, 3, 31],
      [2026, 3, 31],
      [2026, 3, 31],
    ]);
    expect(dates("2026-03-31 and 2026/03/31")).toEqual([
      [2026, 3, 31],
      [2026, 3, 31],
    ]);
    expect(dates("31. März 2026, 31 mars 2026, 31 de marzo de 2026, 31 marzo 2026, 2026年3月31日")).toEqual([
      [2026, 3, 31],
      [2026, 3, 31],
      [2026, 3, 31],
      [2026, 3, 31],
      [2026, 3, 31],
    ]);
  });

  it("reads numeric dates in the locale's order, unless a part can only be the day", () => {
    expect(dates("03/04/2026", "en-US")).toEqual([[2026, 3, 4]]);
    expect(dates("03/04/2026", "en-GB")).toEqual([[2026, 4, 3]]);
    expect(dates("04.03.2026", "en-US")).toEqual([[2026, 3, 4]]);
    expect(dates("31/03/2026 and 03/31/26", "en-US")).toEqual([
      [2026, 3, 31],
      [2026, 3, 31],
    ]);
  });

  it("reads a date without a year as a month and a day", () => {
    expect(dates("paid by April 14")).toEqual([[null, 4, 14]]);
  });

  it("does not read durations, counts, amounts or English words as dates", () => {
    expect(
      dates("within 7 days, 14 days overdue, 3 reminders, we sent out 3 emails, you may 5 times"),
    ).toEqual([]);
    expect(dates("$1,250.00 and 1.250,00 € for invoice 1042")).toEqual([]);
  });

  it("finds every long date the reminder emails write, in any locale", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true }),
        (locale, date) => {
          const iso = date.toISOString().slice(0, 10);
          const [y, m, d] = iso.split("-").map(Number);
          expect(dates(`The invoice was due on ${longDate(iso, locale)}.`, locale)).toEqual([[y, m, d]]);
        },
      ),
    );
  });
});

describe("amounts", () => {
  it("reads symbols, codes and names before or after the number", () => {
    expect(amounts("$1,250.00, CA$1,250.00, US$ 980, USD 1,250.00, 1,250.00 USD, 1250 dollars")).toEqual([
      [125000, "$"],
      [125000, "CA$"],
      [98000, "US$"],
      [125000, "USD"],
      [125000, "USD"],
      [125000, "dollars"],
    ]);
    expect(amounts("1.250,00 €, 1 250,00 €, € 1.250,00, CHF 1’250.00", "de-DE")).toEqual([
      [125000, "€"],
      [125000, "€"],
      [125000, "€"],
      [125000, "CHF"],
    ]);
    expect(amounts("the balance is now $0.00, or -$0")).toEqual([
      [0, "$"],
      [0, "$"],
    ]);
  });

  it("reads a number with two decimals as money, but not counts, percentages or invoice numbers", () => {
    expect(
      amounts("a balance of 1,250.00 on invoice 1042, 14 days late, 2.5% interest, 3 reminders"),
    ).toEqual([[125000, null]]);
  });

  it("reads a lone separator before three digits as the locale does", () => {
    expect(parseMoney("1,250", ".")).toBe(125000);
    expect(parseMoney("1.250", ",")).toBe(125000);
    expect(parseMoney("1.250", ".")).toBe(125);
    expect(parseMoney("1,250,000", ".")).toBe(125000000);
    expect(parseMoney("1.5", ".")).toBe(150);
  });

  it("keeps a third decimal, so it matches no amount in cents", () => {
    expect(amounts("$1,250.005")[0]![0]).not.toBe(125000);
  });

  it("finds every amount the reminder emails write, in any locale and currency", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 10_000_000_00 }),
        (locale, currency, cents) => {
          const whole = currency === "JPY" ? Math.round(cents / 100) * 100 : cents;
          const text = formatCents(whole, currency, locale);
          const found = findAmounts(`Please pay ${text} by the due date.`, locale).amounts;
          expect(found.map((a) => a.cents)).toEqual([whole]);
          expect(markerFits(found[0]!.marker!, currency, locale)).toBe(true);
        },
      ),
    );
  });

  it("tells another currency's marker from the invoice's", () => {
    expect(markerFits("$", "USD", "en-US")).toBe(true);
    expect(markerFits("US$", "USD", "en-US")).toBe(true);
    expect(markerFits("dollars", "CAD", "en-US")).toBe(true);
    expect(markerFits("CA$", "USD", "en-US")).toBe(false);
    expect(markerFits("€", "USD", "en-US")).toBe(false);
    expect(markerFits("EUR", "GBP", "en-GB")).toBe(false);
  });
});

describe("invoice numbers", () => {
  it("finds numbers named as invoices, by '#', by the number's shape and bare numbers of its length", () => {
    expect(
      findInvoiceNumbers("Invoice 1043, invoice #1044, Invoice No. 1045, inv. 1046, Rechnung 1047", "1042"),
    ).toEqual(["1043", "1044", "1045", "1046", "1047"]);
    expect(findInvoiceNumbers("about INV-0100 (ref inv0101)", "INV-0099")).toEqual(
      expect.arrayContaining(["INV-0100", "inv0101"]),
    );
    expect(findInvoiceNumbers("regarding 1043 from 2026, 14 days, 100 reminders", "1042")).toEqual(["1043"]);
  });

  it("skips words after 'invoice' that are not numbers", () => {
    expect(findInvoiceNumbers("The invoice is overdue. This invoice. 2 reminders were sent", "1042")).toEqual(
      [],
    );
  });
});
