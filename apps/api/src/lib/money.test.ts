import { describe, expect, it } from "vitest";
import { toCents } from "./money.ts";

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
