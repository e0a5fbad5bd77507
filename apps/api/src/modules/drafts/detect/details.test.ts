import { describe, expect, it } from "vitest";
import { findDetails } from "./details.ts";
import { normalise } from "./normalise.ts";

const found = (text: string) =>
  findDetails(normalise(text).text, "1042").found.map((f) => [f.kind, f.text, ...(f.reads ? [f.reads] : [])]);

describe("links", () => {
  it("finds links and addresses however they are written", () => {
    expect(
      found("pay at http://evil.example/pay, www.evil.example or evil.example/pay; mail x@evil.example."),
    ).toEqual([
      ["link", "http://evil.example/pay"],
      ["link", "www.evil.example"],
      ["link", "evil.example/pay"],
      ["email address", "x@evil.example"],
    ]);
    expect(found("Pay at evil-pay.com, 203.0.113.7 or rivy-cnl.pbz today.")).toEqual([
      ["link", "evil-pay.com"],
      ["link", "203.0.113.7"],
      ["link", "rivy-cnl.pbz", "evil-pay.com"],
    ]);
  });

  it("takes Markdown and HTML links whole, and schemes for what they are", () => {
    expect(
      found('[Pay here](evil) <a href="evil">x</a> <https://e.example> mailto:x@e.example tel:+15550109999'),
    ).toEqual([
      ["link", "[Pay here](evil)"],
      ["link", '<a href="evil">'],
      ["link", "<https://e.example>"],
      ["email address", "mailto:x@e.example", "x@e.example"],
      ["phone number", "tel:+15550109999", "+15550109999"],
    ]);
  });
});

describe("numbers", () => {
  it("names bank details by their label or their shape", () => {
    expect(
      found(
        "Account 12345678, routing 021000021, sort code 40-12-76, card 4111 1111 1111 1111, IBAN GB82 WEST 1234 5698 7654 32, SWIFT EVILGB2L.",
      ),
    ).toEqual([
      ["bank account number", "12345678"],
      ["routing number", "021000021"],
      ["sort code", "40-12-76"],
      ["card number", "4111 1111 1111 1111"],
      ["IBAN", "GB82 WEST 1234 5698 7654 32"],
      ["SWIFT code", "EVILGB2L"],
    ]);
    expect(
      found("BTC bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh, Cash App $EvilPay, Venmo @evil-pay"),
    ).toEqual([
      ["crypto wallet address", "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh"],
      ["payment handle", "$EvilPay"],
      ["payment handle", "@evil-pay"],
    ]);
  });

  it("names phone numbers by their label or their shape, and other long numbers as numbers", () => {
    expect(
      found("Call +44 20 7946 0958, (555) 010-9999 or 555.010.9999; ring 5550109999; ref 98765432."),
    ).toEqual([
      ["phone number", "+44 20 7946 0958"],
      ["phone number", "(555) 010-9999"],
      ["phone number", "555.010.9999"],
      ["phone number", "5550109999"],
      ["number", "98765432"],
    ]);
  });
});

describe("encoded text", () => {
  it("finds Base64 and hex that decode to text, not long words or numbers", () => {
    expect(found("Ref aHR0cHM6Ly9ldmlsLmV4YW1wbGUvcGF5 and 6576696c2e636f6d")).toEqual([
      ["encoded text", "aHR0cHM6Ly9ldmlsLmV4YW1wbGUvcGF5", "https://evil.example/pay"],
      ["encoded text", "6576696c2e636f6d", "evil.com"],
    ]);
  });
});

describe("what is no detail: abbreviations, file names, long words, sentences, the invoice's figures", () => {
  it.each([
    "E.g. the attached invoice.pdf, i.e. due at 5 p.m. for Acme Inc. It is overdue.Please pay; Node.js v1.2.3.",
    "internationalization, counterrevolutionaries, well-established-suppliers",
    "Invoice 1042 for $1,250,000.00 (1 250 000,00 €, USD 1250000) was due 2026-03-31 and 31.03.2026.",
    "It is 14 days overdue; see invoice 20260042.",
  ])("finds nothing in %j", (text) => {
    expect(found(text)).toEqual([]);
  });
});
