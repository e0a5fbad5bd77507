import { describe, expect, it } from "vitest";
import { findWordAmounts, strayNumber, wordsValue } from "./amounts.ts";
import { settles } from "./settlement.ts";

const amounts = (text: string) => findWordAmounts(text).amounts.map((a) => [a.text, a.cents, a.marker]);

describe("amounts in words", () => {
  it("reads English number words as values", () => {
    expect(wordsValue("one thousand two hundred fifty")).toBe(1250);
    expect(wordsValue("twelve hundred and fifty")).toBe(1250);
    expect(wordsValue("a hundred")).toBe(100);
    expect(wordsValue("1.25 thousand")).toBe(1250);
    expect(wordsValue("two million three hundred thousand forty-two")).toBe(2_300_042);
  });

  it("finds amounts with a currency, or said to be owed, in English and other languages", () => {
    expect(
      amounts(
        "Only five dollars remain; $ two hundred; fifty dollars and twenty-five cents; only ninety remain due.",
      ),
    ).toEqual([
      ["five dollars", 500, "dollars"],
      ["$ two hundred", 20_000, "$"],
      ["fifty dollars and twenty-five cents", 5025, "dollars"],
      ["ninety", 9000, null],
    ]);
    expect(
      amounts("cinco dólares, cinquante euros, fünfzig Euro, пятьдесят евро, 五美元").map((a) => a[1]),
    ).toEqual([null, null, null, null, null]);
  });

  it("leaves counts alone", () => {
    expect(
      amounts("We sent two reminders, just one more email, only twenty two days ago, within seven days."),
    ).toEqual([]);
  });

  it("finds percentages in digits, words and other languages", () => {
    expect(
      findWordAmounts("50% off, fifty per cent, 10 percent, 50 %, 50 por ciento, 百分之五十, 五折")
        .percentages,
    ).toEqual(["50%", "fifty per cent", "10 percent", "50 %", "50 por ciento", "百分之五十", "五折"]);
  });
});

describe("numbers standing alone", () => {
  const facts = { amountsCents: [125_000], daysOverdue: 14, invoiceNumber: "1042" };
  it("lets counts, times, years, terms, list numbers and the invoice's own figures be", () => {
    expect(
      strayNumber(
        "Invoice 1042: 1250 open, 14 days overdue after 2 reminders; pay within 7-day window or 7-10 business days, 3 monthly payments, Net 30, by 5 pm or 17:00, in 2026, the 3rd notice.\n1. Reply",
        facts,
      ),
    ).toBeNull();
  });

  it("names any other", () => {
    expect(strayNumber("Please pay 500 now.", facts)).toBe("500");
    expect(strayNumber("Only 2.5 left.", facts)).toBe("2.5");
    expect(findWordAmounts("Call five five five, zero one zero, nine nine nine nine.").amounts[0]?.text).toBe(
      "five five five, zero one zero, nine nine nine nine",
    );
    expect(amounts("The balance is now ninety. Send twenty to us.").map((a) => a[0])).toEqual([
      "ninety",
      "twenty",
    ]);
  });
});

describe("settlement wording", () => {
  it("refuses wording that lets the debt go", () => {
    for (const sentence of [
      "Consider this matter closed.",
      "The remaining balance has been waived.",
      "As a goodwill gesture we are writing off the balance.",
      "We will accept $200 as full and final settlement.",
      "You no longer need to pay this invoice.",
      "We have closed your account.",
      "A 50% discount applies.",
      "Just pay half and we are done.",
      "The late fees have been removed.",
      "We cannot ask for more: the debt is forgiven.",
      "This debt is not payable and is forgiven.",
      "If you have questions, the balance is cleared.",
      "La deuda ha sido condonada.",
      "Die Rechnung ist beglichen.",
      "债务已免除。",
      "Долг списан.",
    ]) {
      expect(settles(sentence), sentence).toBe(true);
    }
  });

  it("lets negations, conditions and requests be", () => {
    for (const sentence of [
      "The balance is still not cleared.",
      "We have not received payment, so the invoice hasn't been settled.",
      "We cannot waive the balance.",
      "Please let us know once the balance is settled.",
      "If you have already paid, no further action is needed.",
      "Once payment arrives we will mark the invoice as paid.",
      "We will close the invoice when payment arrives.",
      "Please make sure the invoice is paid in full by Friday.",
      "We would be grateful if you could settle the outstanding balance.",
      "Part of the invoice has been paid; $1,250.00 remains open.",
      "Please drop us a line if anything is unclear.",
    ]) {
      expect(settles(sentence), sentence).toBe(false);
    }
  });
});
