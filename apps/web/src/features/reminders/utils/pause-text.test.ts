import { describe, expect, it } from "vitest";

import { pauseText } from "@/features/reminders/utils/pause-text";

const pause = { scope: "invoice", reason: "manual", detail: null, until: null } as const;

describe("why reminders are paused", () => {
  it("names a reply waiting on the invoice", () => {
    expect(pauseText({ ...pause, reason: "reply" })).toBe("Reply waiting");
  });

  it("names the return date of an out-of-office reply (not the day reminders resume)", () => {
    expect(
      pauseText({ scope: "customer", reason: "away", detail: "2026-12-02", until: "2026-12-03" }, "en-US"),
    ).toBe("Away until Dec 2, 2026");
    expect(pauseText({ scope: "customer", reason: "away", detail: null, until: "2026-12-03" }, "en-US")).toBe(
      "Away until Dec 3, 2026",
    );
  });

  it("names the bouncing address", () => {
    expect(pauseText({ scope: "customer", reason: "bounce", detail: "ap@example.com", until: null })).toBe(
      "Email bouncing: ap@example.com",
    );
    expect(pauseText({ scope: "customer", reason: "bounce", detail: null, until: null })).toBe(
      "Email bouncing",
    );
  });

  it("keeps a person's pause plain, by scope", () => {
    expect(pauseText(pause)).toBe("Paused");
    expect(pauseText({ ...pause, scope: "customer" })).toBe("Customer paused");
  });
});
