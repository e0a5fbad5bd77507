import { composeDraft as sandboxDraft } from "@recoup/sandbox-llm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/money.ts";
import { RECORD as record } from "./corpus/invoice.ts";
import { type GuardRecord, guardDraft } from "./guard.ts";

const guard = (body: string, subject = "Invoice 1042", r = record) => guardDraft({ subject, body }, r);

describe("the guard", () => {
  it("passes a draft whose every figure is on the invoice, however it is written", () => {
    expect(
      guard(
        "Hi Ada,\n\nInvoice #1042 for $1,250.00 (USD 1,250.00 of the 2,000.00 total) was due on March 31, 2026 (3/31/2026, Mar 31), issued 28 February 2026. Please pay within 7 days; it is 14 days overdue after 2 reminders.\n\nRegards,\nAcme",
        "Overdue: invoice 1042 ($1,250.00)",
      ),
    ).toBeNull();
  });

  it("names the figure that is not on the invoice", () => {
    expect(guard("Invoice 1042 for $1,375.00 was due on March 31, 2026.")).toBe(
      "The generated draft mentioned $1,375.00, which is not on this invoice",
    );
    expect(guard("Invoice 1042 for $1,250.00 was due on April 14, 2026.")).toBe(
      "The generated draft mentioned April 14, 2026, which is not on this invoice",
    );
    expect(guard("Invoice 1042 was due on 04/14/2026.")).toBe(
      "The generated draft mentioned 04/14/2026, which is not on this invoice",
    );
    expect(guard("Please pay by April 14.")).toBe(
      "The generated draft mentioned April 14, which is not on this invoice",
    );
    expect(guard("Invoice 1043 for $1,250.00 is overdue.")).toBe(
      "The generated draft mentioned invoice 1043; this invoice is 1042",
    );
    expect(guard("Thanks", "Invoice #1043 is overdue")).toBe(
      "The generated draft mentioned invoice 1043; this invoice is 1042",
    );
  });

  it("refuses the invoice's amount in another currency", () => {
    expect(guard("Invoice 1042 for €1,250.00 is overdue.")).toBe(
      "The generated draft mentioned €1,250.00, which is not on this invoice",
    );
  });

  it("refuses a draft that says the balance is zero or the debt is gone", () => {
    expect(guard("As requested, the balance on invoice 1042 is now $0.00 and nothing further is owed.")).toBe(
      "The generated draft mentioned $0.00, which is not on this invoice",
    );
    expect(guard("As agreed, the balance on invoice 1042 has been written off.")).toMatch(
      /^The generated draft said "As agreed, the balance on invoice 1042 has been written off\.", which the records do not show$/,
    );
    expect(guard("Good news: nothing further is owed.")).not.toBeNull();
    expect(guard("No payment is needed.")).not.toBeNull();
    expect(guard("Please let us know once the balance is settled.")).toBeNull();
    expect(guard("The balance is still not cleared.")).toBeNull();
    expect(guard("We have not received payment, so the invoice hasn't been settled.")).toBeNull();
  });

  it("checks how late the draft says the invoice is, not deadlines or fees", () => {
    expect(guard("Invoice 1042 is now 21 days overdue.")).toBe(
      'The generated draft said "21 days overdue"; this invoice is 14 days overdue',
    );
    expect(guard("It is overdue by 30 days.")).toBe(
      'The generated draft said "overdue by 30 days"; this invoice is 14 days overdue',
    );
    expect(guard("Payment is 7 days past the due date.")).toMatch(/"7 days past the due date"/);
    expect(guard("Invoice 1042 is due in 3 days.")).toBe(
      'The generated draft said "due in 3 days"; this invoice is 14 days overdue',
    );
    expect(guard("It is 14 days overdue (overdue by 14 days, 14-day late).")).toBeNull();
    expect(guard("Please pay within 7 days, or a 7-day late fee applies.")).toBeNull();
    const upcoming = { ...record, daysOverdue: -3 };
    expect(guard("Invoice 1042 is due on March 31, 2026, 3 days from now.", undefined, upcoming)).toBeNull();
    expect(guard("Invoice 1042 is due in 3 days.", undefined, upcoming)).toBeNull();
    expect(guard("Invoice 1042 is due on March 31, 2026, 10 days from now.", undefined, upcoming)).toBe(
      'The generated draft said "due on March 31, 2026, 10 days from now"; this invoice is due in 3 days',
    );
    expect(guard("Invoice 1042 is 2 days late.", undefined, { ...record, daysOverdue: 0 })).toBe(
      'The generated draft said "2 days late"; this invoice is due today',
    );
  });

  it("refuses links and addresses, which drafts never carry", () => {
    expect(guard("Please pay at http://evil.example/pay today.")).toBe(
      "The generated draft included http://evil.example/pay; drafts may not add links or addresses",
    );
    expect(guard("Write to billing@evil.example.")).toMatch(/billing@evil\.example/);
  });

  it("refuses the payment details, amounts and wording a customer's reply planted (issue 16)", () => {
    const planted = (text: string) =>
      guard(`Invoice 1042 for $1,250.00 is overdue.\n\n${text}\n\nRegards,\nAcme`);
    const link = "; drafts may not add links or addresses";
    const refusals: [string, string][] = [
      [
        "Call our new billing line +1 (555) 010-9999 to pay",
        'has a phone number that is not yours: "+1 (555) 010-9999"',
      ],
      ["Please pay at evil-pay.com today.", `included evil-pay.com${link}`],
      ["Pay at ｈｔｔｐｓ：／／evil．example／pay", `included https://evil.example/pay${link}`],
      ["Pay at evil[.]example[/]pay", `included evil.example/pay${link}`],
      ["[Pay here](evil)", `included [Pay here](evil)${link}`],
      [
        "New account number 123456789, routing 021000021.",
        'has a bank account number that is not yours: "123456789"',
      ],
      ["Only five dollars remain due.", "mentioned five dollars, which is not on this invoice"],
      ["Consider this matter closed.", 'said "Consider this matter closed.", which the records do not show'],
      ["We offer a 50% discount.", "mentioned 50%, which is not on this invoice"],
    ];
    for (const [text, reason] of refusals) expect(planted(text), text).toBe(`The generated draft ${reason}`);
  });

  it("passes the invoice's amounts in words and counts, refuses other numbers", () => {
    expect(
      guard("One thousand two hundred fifty dollars ($1,250.00) is due; we sent 2 reminders."),
    ).toBeNull();
    expect(guard("Of the two thousand dollars billed, twelve hundred and fifty dollars remain.")).toBeNull();
    expect(guard("Our terms are Net 30; please pay within 7 business days, by 5 pm.")).toBeNull();
    expect(guard("Please pay 500 today.")).toBe(
      "The generated draft mentioned 500, which is not on this invoice",
    );
    expect(guard("Just pay ninety and we are done.")).toBe(
      "The generated draft mentioned ninety, which is not on this invoice",
    );
  });

  it("reads the company's locale: a German draft with German figures passes, a wrong one does not", () => {
    const de = { ...record, locale: "de-DE", currency: "EUR" };
    expect(
      guard("Rechnung 1042 über 1.250,00 € war am 31. März 2026 fällig.", "Rechnung 1042", de),
    ).toBeNull();
    expect(guard("Rechnung 1042 über 1.375,00 € war am 31.03.2026 fällig.", "Rechnung 1042", de)).toBe(
      "The generated draft mentioned 1.375,00 €, which is not on this invoice",
    );
  });

  it("passes the LLM sandbox's true drafts and catches each of its planted mistakes, for any invoice", () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000_00 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: Date.UTC(2024, 0, 1) / day, max: Date.UTC(2027, 11, 31) / day }),
        fc.integer({ min: -30, max: 200 }),
        fc.integer({ min: 1001, max: 99_999 }),
        fc.constantFrom("USD", "CAD", "EUR", "GBP"),
        (balance, paidPercent, dueDay, daysOverdue, number, currency) => {
          const total = balance + Math.round((balance * paidPercent) / 100);
          const due = new Date(dueDay * day).toISOString().slice(0, 10);
          const issued = new Date((dueDay - 30) * day).toISOString().slice(0, 10);
          const facts = {
            companyName: "Acme Supplies",
            customerName: "Ada Lovelace",
            invoiceNumber: String(number),
            amountDue: formatCents(balance, currency, "en-US"),
            total: formatCents(total, currency, "en-US"),
            currency,
            issueDate: longDate(issued, "en-US"),
            dueDate: longDate(due, "en-US"),
            daysOverdue,
            remindersSent: 2,
          };
          const r: GuardRecord = {
            locale: "en-US",
            currency,
            invoiceNumber: String(number),
            amountsCents: [balance, total],
            dates: [due, issued],
            daysOverdue,
          };
          const draft = (mode: Parameters<typeof sandboxDraft>[1]) =>
            sandboxDraft({ facts, customerReply: null }, mode).draft;
          expect(guardDraft(draft("normal"), r)).toBeNull();
          for (const mode of ["wrong-amount", "wrong-date", "wrong-invoice"] as const) {
            expect(guardDraft(draft(mode), r)).not.toBeNull();
          }
          // A day count is stated unless the invoice is due today.
          if (daysOverdue !== 0) expect(guardDraft(draft("wrong-days"), r)).not.toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });
});
