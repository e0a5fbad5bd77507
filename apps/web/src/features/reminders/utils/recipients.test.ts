import { describe, expect, it } from "vitest";
import { addressesIn, checkAddresses, sameAddresses } from "@/features/reminders/utils/recipients";

describe("To and CC fields", () => {
  it("reads addresses separated by commas, semicolons or spaces", () => {
    expect(addressesIn(" a@x.com, b@y.com;c@z.com  d@w.com ,")).toEqual([
      "a@x.com",
      "b@y.com",
      "c@z.com",
      "d@w.com",
    ]);
  });

  it("checks them with the API's messages, naming the field", () => {
    expect(checkAddresses("cc", "A@X.com")).toEqual({ addresses: ["a@x.com"] });
    expect(checkAddresses("cc", "")).toEqual({ addresses: [] });
    expect(checkAddresses("to", "").error).toBe("To: enter at least one email address.");
    expect(checkAddresses("cc", "not-an-address").error).toBe(
      "CC: enter email addresses like name@example.com.",
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `c${i}@x.com`).join(", ");
    expect(checkAddresses("cc", eleven).error).toBe("CC: at most 10 addresses. Remove some to send.");
  });

  it("compares lists whatever their case", () => {
    expect(sameAddresses(["A@x.com"], ["a@x.com"])).toBe(true);
    expect(sameAddresses(["a@x.com"], ["a@x.com", "b@x.com"])).toBe(false);
  });
});
