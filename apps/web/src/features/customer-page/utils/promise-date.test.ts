import { customerPageMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import {
  latestPromiseDate,
  promiseDateError,
  promiseDateMissing,
} from "@/features/customer-page/utils/promise-date";

describe("promise dates", () => {
  const today = "2026-11-26";

  it("reach 90 calendar days past the company's today, across months and a year's end", () => {
    expect(latestPromiseDate(today)).toBe("2027-02-24");
    expect(latestPromiseDate("2026-03-01")).toBe("2026-05-30");
  });

  it.each([
    ["accepts today", today, null],
    ["accepts the last day", "2027-02-24", null],
    ["refuses yesterday with the API's sentence", "2026-11-25", customerPageMessages.promiseDateInPast],
    ["refuses the 91st day with the API's sentence", "2027-02-25", customerPageMessages.promiseDateTooFar],
    ["asks for a date when there is none", "", promiseDateMissing],
  ])("%s", (_, date, error) => {
    expect(promiseDateError(date, today)).toBe(error);
  });
});
