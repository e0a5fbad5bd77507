import { holdMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { promiseDateBounds, promiseDateError } from "@/features/communications/utils/promise-dates";

describe("a promise's date", () => {
  const bounds = promiseDateBounds("2026-11-26");

  it("runs from the company's today to 90 days later, across a month and a year", () => {
    expect(bounds).toEqual({ min: "2026-11-26", max: "2027-02-24" });
  });

  it("is refused before today, past 90 days, or when missing, with the API's sentences", () => {
    expect(promiseDateError("2026-11-26", bounds)).toBeNull();
    expect(promiseDateError("2027-02-24", bounds)).toBeNull();
    expect(promiseDateError("2026-11-25", bounds)).toBe(holdMessages.dateInPast);
    expect(promiseDateError("2027-02-25", bounds)).toBe(holdMessages.dateTooFar);
    expect(promiseDateError("", bounds)).toMatch(/Choose the date/);
  });
});
