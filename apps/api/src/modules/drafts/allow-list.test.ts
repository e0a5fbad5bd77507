import { describe, expect, it } from "vitest";
import { companyAllowList, NOTHING_ALLOWED, signatureText } from "./allow-list.ts";
import { ALLOW, COMPANY, CUSTOMER, CUSTOMER_PAGE, RECORD } from "./corpus/invoice.ts";
import { guardDraft } from "./guard.ts";

const draft = (line: string) => ({
  subject: "Invoice 1042",
  body: `Dear Ada,\n\nInvoice 1042 for $1,250.00 is 14 days overdue.\n\n${line}\n\nRegards,\nAcme Supplies`,
});
const guard = (line: string, allow = ALLOW) => guardDraft(draft(line), RECORD, allow);

describe("the company's own details", () => {
  it("reads the signature's text and its links' targets", () => {
    expect(signatureText('<p>Acme<br><a href="https://acme.example/">Site</a></p>')).toBe(
      " Acme\n https://acme.example/ Site \n",
    );
  });

  it("lets a draft carry the company's email, phone, site and bank account, however written", () => {
    for (const own of [
      "Write to billing@acmesupplies.com or BILLING@ACMESUPPLIES.COM.",
      "Call (415) 555-0142, +1 415 555 0142, 415.555.0142 or tel:+14155550142.",
      "See https://www.acmesupplies.com/invoices/1042?view=pdf or acmesupplies.com.",
      "Pay to IBAN GB29NWBK60161331926819.",
      "Acme Supplies, 123 Main Street, Springfield, IL 62704",
    ]) {
      expect(guard(own), own).toBeNull();
    }
  });

  it("refuses details like the company's that are not its own", () => {
    const link = (found: string) => `included ${found}; drafts may not add links or addresses`;
    const refusals: [string, string][] = [
      [
        "Write to billing@acmesupplies.co.",
        'has an email address that is not yours: "billing@acmesupplies.co"',
      ],
      ["Call (415) 555-0143.", 'has a phone number that is not yours: "(415) 555-0143"'],
      ["See acmesupplies.com.evil.example/pay.", link("acmesupplies.com.evil.example/pay")],
      // Cyrillic "а" and "ѕ": it reads as the company's site, and is another one.
      ["See аcmesupplieѕ.com/pay.", link("acmesupplies.com/pay")],
      ["Pay at https://acmesupplies.com@evil.example/", link("https://acmesupplies.com@evil.example/")],
      ["[Pay](https://acmesupplies.com)", link("[Pay](https://acmesupplies.com)")],
    ];
    for (const [line, reason] of refusals) expect(guard(line), line).toBe(`The generated draft ${reason}`);
  });

  it("lets the app's links through whole or with more path, and nothing else under the app", () => {
    expect(guard(`Your page: ${CUSTOMER_PAGE}`)).toBeNull();
    expect(guard(`Your invoice: ${CUSTOMER_PAGE}/invoices/1042`)).toBeNull();
    expect(guard("Your page: https://app.recoup.test/c/7f3a9c0")).toMatch(
      /included https:\/\/app\.recoup\.test/,
    );
    expect(guard("Your page: https://app.recoup.test/c/other")).toMatch(
      /included https:\/\/app\.recoup\.test/,
    );
    const payLink = companyAllowList(COMPANY, CUSTOMER, ["https://pay.example/i/abc"]);
    expect(guard("Pay here: https://pay.example/i/abc", payLink)).toBeNull();
    expect(guard("Pay here: https://pay.example/i/abd", payLink)).not.toBeNull();
  });

  it("allows nothing without an allow-list", () => {
    expect(guard("Write to billing@acmesupplies.com.", NOTHING_ALLOWED)).toMatch(
      /email address that is not yours/,
    );
  });
});
