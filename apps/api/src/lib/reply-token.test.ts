import { describe, expect, it } from "vitest";
import { ReplyTokens } from "./reply-token.ts";

const COMPANY = "0b7e6f1c-3d4a-4e5b-8c9d-0a1b2c3d4e5f";

describe("reply addresses on a company's own mailbox (plus-addressing)", () => {
  const tokens = new ReplyTokens("mailbox-secret-0123456789", "");

  it("carry the invoice's signed token on the mailbox's address, and read back", () => {
    const address = tokens.plusAddress(COMPANY, "1042", "Billing@Acme.example")!;
    expect(address).toMatch(/^Billing\+[a-z2-7]+\.1042\.[a-z2-7]+@Acme\.example$/);
    expect(tokens.readPlus(address, "billing@acme.example")).toEqual({
      companyId: COMPANY,
      invoiceId: "1042",
    });
    expect(tokens.readPlus(address.toLowerCase(), "Billing@Acme.example")).toEqual({
      companyId: COMPANY,
      invoiceId: "1042",
    });
  });

  it("a changed invoice or signature is forged; other addresses and the mailbox's own tags name nothing", () => {
    const address = tokens.plusAddress(COMPANY, "1042", "billing@acme.example")!;
    expect(tokens.readPlus(address.replace(".1042.", ".1043."), "billing@acme.example")).toBe("forged");
    expect(tokens.readPlus(address, "ar@acme.example")).toBeUndefined();
    expect(
      tokens.readPlus(address.replace("@acme.example", "@other.example"), "billing@acme.example"),
    ).toBeUndefined();
    expect(tokens.readPlus("billing+newsletters@acme.example", "billing@acme.example")).toBeUndefined();
    expect(tokens.readPlus("billing@acme.example", "billing@acme.example")).toBeUndefined();
    expect(new ReplyTokens("another-secret-0123456789", "").readPlus(address, "billing@acme.example")).toBe(
      "forged",
    );
  });

  it("an id that cannot be carried gets no address", () => {
    expect(tokens.plusAddress(COMPANY, "INV 1/2", "billing@acme.example")).toBeUndefined();
    expect(tokens.plusAddress(COMPANY, "1042", "not-an-address")).toBeUndefined();
  });
});
