import { describe, expect, it } from "vitest";
import { firstSendDay } from "../reminders/index.ts";

/** The first send day of a month, in the company's zone, as monthly statements read it. */
const day = (now: string, timeZone: string, weekdaysOnly = true) =>
  firstSendDay({ timeZone, followUpInterval: 7, sendTime: "09:00", weekdaysOnly }, new Date(now));

describe("firstSendDay", () => {
  it("a month boundary: Auckland is on 1 December (a Tuesday) while Los Angeles is still on 30 November", () => {
    const at = "2026-11-30T20:30:00Z"; // 09:30 on 1 Dec in Auckland (UTC+13), 12:30 on 30 Nov in Los Angeles
    expect(day(at, "Pacific/Auckland")).toEqual({
      month: "2026-12",
      today: "2026-12-01",
      due: true,
      next: "2026-12-01",
    });
    expect(day(at, "America/Los_Angeles")).toEqual({
      month: "2026-11",
      today: "2026-11-30",
      due: false,
      next: "2026-12-01",
    });
  });

  it("is due only with the window open (09:00 to 18:00 local)", () => {
    expect(day("2026-12-01T16:59:00Z", "America/Los_Angeles").due).toBe(false); // 08:59
    expect(day("2026-12-01T17:00:00Z", "America/Los_Angeles").due).toBe(true); // 09:00
    expect(day("2026-12-02T01:59:00Z", "America/Los_Angeles").due).toBe(true); // 17:59
    const after = day("2026-12-02T02:00:00Z", "America/Los_Angeles"); // 18:00: the day is over
    expect(after).toMatchObject({ due: false, today: "2026-12-01", next: "2027-01-01" });
  });

  it("a month starting on a Saturday (August 2026): Monday the 3rd with weekdays only, else the 1st", () => {
    const saturday = "2026-08-01T17:00:00Z"; // 10:00 in Los Angeles
    expect(day(saturday, "America/Los_Angeles")).toMatchObject({ due: false, next: "2026-08-03" });
    expect(day(saturday, "America/Los_Angeles", false)).toMatchObject({ due: true, next: "2026-08-01" });
    expect(day("2026-08-03T17:00:00Z", "America/Los_Angeles")).toMatchObject({ due: true, month: "2026-08" });
    expect(day("2026-08-04T17:00:00Z", "America/Los_Angeles")).toMatchObject({
      due: false,
      next: "2026-09-01",
    });
  });

  it("December rolls over to January of the next year", () => {
    expect(day("2026-12-15T17:00:00Z", "UTC").next).toBe("2027-01-01");
    // 1 January 2028 is a Saturday: the first weekday is Monday the 3rd.
    expect(day("2027-12-15T17:00:00Z", "UTC").next).toBe("2028-01-03");
  });
});
