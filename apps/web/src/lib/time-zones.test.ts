import { describe, expect, it } from "vitest";

import { timeZoneOptions } from "./time-zones";

describe("time zone options", () => {
  it("always offers the current zone and UTC, sorted, once each", () => {
    const zones = timeZoneOptions("Europe/Paris");
    expect(zones).toContain("Europe/Paris");
    expect(zones).toContain("UTC");
    expect(new Set(zones).size).toBe(zones.length);
    expect([...zones].sort((a, b) => a.localeCompare(b))).toEqual(zones);
  });
});
