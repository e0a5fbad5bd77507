import { describe, expect, it } from "vitest";
import { daysOverdue } from "./schedule.ts";
import type { ReminderSettings } from "./schedule-types.ts";
import { windowState } from "./send-window.ts";

/**
 * The send window and the helpers around the schedule (schedule.test.ts has the schedule itself).
 * The base company is in New York (EDT in June, UTC-4: 09:00 is 13:00Z, 18:00 is 22:00Z).
 */
const base: ReminderSettings = { timeZone: "America/New_York", followUpInterval: 7 };

describe("windowState", () => {
  const state = (now: string, settings: Partial<ReminderSettings> = {}) => {
    const s = windowState({ ...base, ...settings }, new Date(now));
    return { ...s, closesAt: s.closesAt?.toISOString() ?? null, nextOpensAt: s.nextOpensAt.toISOString() };
  };

  it("is open at 14:00, so turning reminders on sends now", () => {
    expect(state("2025-06-12T18:00:00Z")).toEqual({
      open: true,
      today: "2025-06-12",
      closesAt: "2025-06-12T22:00:00.000Z",
      nextOpensAt: "2025-06-13T13:00:00.000Z",
    });
  });

  it("after 18:00 on a Friday, with weekdays only, opens next on Monday", () => {
    expect(state("2025-06-13T23:00:00Z")).toMatchObject({
      open: false,
      nextOpensAt: "2025-06-16T13:00:00.000Z",
    });
  });

  it("early on a Saturday with weekdays off, opens that morning", () => {
    expect(state("2025-06-14T11:00:00Z", { weekdaysOnly: false })).toMatchObject({
      open: false,
      today: "2025-06-14",
      nextOpensAt: "2025-06-14T13:00:00.000Z",
    });
  });

  it("a send time skipped by the spring change opens when the clocks jump (03:00 EDT)", () => {
    const skipped = { sendTime: "02:30", weekdaysOnly: false };
    expect(state("2025-03-09T05:00:00Z", skipped).nextOpensAt).toBe("2025-03-09T07:00:00.000Z");
    expect(state("2025-03-09T07:00:00Z", skipped).open).toBe(true);
  });

  it("a send time repeated by the autumn change opens the first time (EDT)", () => {
    expect(state("2025-11-02T04:00:00Z", { sendTime: "01:30", weekdaysOnly: false }).nextOpensAt).toBe(
      "2025-11-02T05:30:00.000Z",
    );
  });

  it("reads the date in the company's zone: Auckland's Monday is Sunday in UTC", () => {
    expect(state("2025-06-15T22:00:00Z", { timeZone: "Pacific/Auckland" })).toMatchObject({
      open: true,
      today: "2025-06-16",
    });
  });
});

describe("settings and helpers", () => {
  it("refuses an unknown time zone, a send time at or after 18:00, and an unknown interval", () => {
    const now = new Date("2025-06-12T13:00:00Z");
    expect(() => windowState({ ...base, timeZone: "Mars/Olympus" }, now)).toThrow(/time zone/);
    expect(() => windowState({ ...base, sendTime: "18:00" }, now)).toThrow(/before 18:00/);
    expect(() => windowState({ ...base, sendTime: "9am" }, now)).toThrow(/HH:MM/);
    expect(() => windowState({ ...base, followUpInterval: 10 as 7 }, now)).toThrow(/interval/);
  });

  it("counts days overdue in the company's zone", () => {
    expect(daysOverdue("2025-06-12", "America/Los_Angeles", new Date("2025-06-13T06:00:00Z"))).toBe(0);
    expect(daysOverdue("2025-06-12", "Pacific/Auckland", new Date("2025-06-13T06:00:00Z"))).toBe(1);
    expect(daysOverdue("2025-06-12", "UTC", new Date("2025-06-22T06:00:00Z"))).toBe(10);
    expect(daysOverdue("2025-06-12", "UTC", new Date("2025-06-01T06:00:00Z"))).toBe(0);
  });
});
