import { describe, expect, it } from "vitest";
import { MAX_DELAY_SECONDS, THROTTLE_WINDOW_SECONDS, throttleWait, waitText } from "./login-throttle.ts";

/** How many failures a patient guesser gets through in one window: each as soon as it may. */
function patientFailures(free: number) {
  let failures = 0;
  let at = 0;
  while (true) {
    at += throttleWait(failures, free, at);
    if (at >= THROTTLE_WINDOW_SECONDS) return failures;
    failures++;
  }
}

describe("throttleWait", () => {
  it("lets the free failures through, then doubles the wait from 1 s", () => {
    expect(throttleWait(4, 5, 0)).toBe(0);
    expect([5, 6, 7, 8].map((n) => throttleWait(n, 5, 0))).toEqual([1, 3, 7, 15]);
    // The waits add up from the window's start: time already passed counts.
    expect(throttleWait(8, 5, 10)).toBe(5);
    expect(throttleWait(8, 5, 15)).toBe(0);
  });

  it("caps a single wait at 15 minutes and never waits past the window's end", () => {
    const before = throttleWait(14, 5, 0);
    expect(throttleWait(15, 5, 0) - before).toBe(MAX_DELAY_SECONDS);
    expect(throttleWait(10_000, 5, 0)).toBeLessThanOrEqual(THROTTLE_WINDOW_SECONDS + MAX_DELAY_SECONDS);
    expect(throttleWait(10_000, 5, 1000)).toBeGreaterThan(0);
  });

  it("allows the free failures plus 12 an hour, however patient", () => {
    expect(patientFailures(5)).toBe(17);
    expect(patientFailures(20)).toBe(32);
  });

  it("says the wait in seconds, then in minutes", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(45)).toBe("45 seconds");
    expect(waitText(600)).toBe("10 minutes");
  });
});
