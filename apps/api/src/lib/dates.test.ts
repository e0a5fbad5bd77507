import { describe, expect, it } from "vitest";
import { addDays, dateIn, daysBetween } from "./dates.ts";

describe("dates", () => {
  it("reads today in the company's time zone", () => {
    const instant = new Date("2026-03-16T05:30:00Z");
    expect(dateIn("UTC", instant)).toBe("2026-03-16");
    expect(dateIn("America/Los_Angeles", instant)).toBe("2026-03-15");
    expect(dateIn("Pacific/Auckland", new Date("2026-03-16T12:00:00Z"))).toBe("2026-03-17");
  });

  it("counts whole calendar days, across month ends and daylight-saving changes", () => {
    expect(addDays("2026-02-27", 2)).toBe("2026-03-01");
    expect(addDays("2026-03-01", -89)).toBe("2025-12-02");
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(daysBetween("2026-11-01", "2026-10-01")).toBe(-31);
  });
});
