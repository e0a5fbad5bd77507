import { describe, expect, it } from "vitest";
import { centsToDecimal, toCents } from "./money.ts";

describe("toCents", () => {
  it("reads amounts exactly, without float drift", () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents("1.005")).toBe(101);
    expect(toCents(-42.5)).toBe(-4250);
    expect(toCents(undefined)).toBe(0);
    expect(toCents(1e9 + 0.07)).toBe(100000000007);
  });
});

describe("centsToDecimal", () => {
  it("writes cents as exact decimal text", () => {
    expect(centsToDecimal(123456)).toBe("1234.56");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(centsToDecimal(-4250)).toBe("-42.50");
    expect(centsToDecimal(12345678901234567890n)).toBe("123456789012345678.90");
  });
});
