import { describe, expect, it } from "vitest";
import { addressList } from "./email-addresses.ts";

describe("addressList", () => {
  it("splits QuickBooks' comma-separated lists, lowercases, drops repeats and what is not an address", () => {
    expect(addressList("Billing@Acme.com, ap@acme.com;billing@acme.com , not an address,")).toEqual([
      "billing@acme.com",
      "ap@acme.com",
    ]);
    expect(addressList(null)).toEqual([]);
    expect(addressList("")).toEqual([]);
  });
});
