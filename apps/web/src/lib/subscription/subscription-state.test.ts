import type { SubscriptionDetails } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { nextMonthStart, subscriptionView } from "@/lib/subscription/subscription-state";

const now = new Date("2026-06-10T12:00:00Z");
const at = (iso: string) => Date.parse(iso) / 1000;
const details = (over: Partial<SubscriptionDetails>): SubscriptionDetails => ({
  status: "trialing",
  planName: "Starter",
  amount: 2900,
  currency: "usd",
  interval: "month",
  endDate: at("2026-06-20T12:00:00Z"),
  trialEnd: at("2026-06-20T12:00:00Z"),
  usageLimit: null,
  cancelAt: null,
  invoicesUsed: 0,
  usageMonth: "2026-06",
  ...over,
});

describe("subscriptionView", () => {
  it("a running trial: valid, its days left rounded up, no modal", () => {
    expect(subscriptionView(details({ trialEnd: at("2026-06-20T12:00:00Z") }), now)).toEqual({
      kind: "trial",
      valid: true,
      trialEnded: false,
      daysLeft: 10,
      shouldShowExpirationModal: false,
      limitReached: false,
    });
    // 9 days and 1 minute left read as 10; one second left reads as 1
    expect(subscriptionView(details({ trialEnd: at("2026-06-19T12:01:00Z") }), now).daysLeft).toBe(10);
    expect(subscriptionView(details({ trialEnd: at("2026-06-10T12:00:01Z") }), now).daysLeft).toBe(1);
  });

  it("a trial whose end passed: not valid, the modal shows", () => {
    const view = subscriptionView(details({ trialEnd: at("2026-06-10T12:00:00Z") }), now);
    expect(view).toMatchObject({
      kind: "trial-ended",
      valid: false,
      shouldShowExpirationModal: true,
      daysLeft: null,
    });
  });

  it("active is valid whatever the trial's end; past due and canceled after a trial show the modal", () => {
    const ended = at("2026-05-01T00:00:00Z");
    expect(subscriptionView(details({ status: "active", trialEnd: ended }), now)).toMatchObject({
      kind: "active",
      valid: true,
      shouldShowExpirationModal: false,
    });
    for (const [status, kind] of [
      ["past_due", "past-due"],
      ["canceled", "canceled"],
      ["paused", "unknown"],
      ["", "unknown"],
    ] as const) {
      expect(subscriptionView(details({ status, trialEnd: ended }), now)).toMatchObject({
        kind,
        valid: false,
        shouldShowExpirationModal: true,
      });
    }
    // not valid, but no trial end to have passed: no modal
    expect(
      subscriptionView(details({ status: "canceled", trialEnd: null }), now).shouldShowExpirationModal,
    ).toBe(false);
  });

  it("the limit is reached at usageLimit invoices, never during a trial", () => {
    const active = { status: "active", trialEnd: at("2026-05-01T00:00:00Z") };
    expect(
      subscriptionView(details({ ...active, usageLimit: 100, invoicesUsed: 99 }), now).limitReached,
    ).toBe(false);
    expect(
      subscriptionView(details({ ...active, usageLimit: 100, invoicesUsed: 100 }), now).limitReached,
    ).toBe(true);
    expect(subscriptionView(details({ usageLimit: 100, invoicesUsed: 500 }), now).limitReached).toBe(false);
  });
});

it("nextMonthStart", () => {
  expect(nextMonthStart("2026-06").toISOString()).toBe("2026-07-01T00:00:00.000Z");
  expect(nextMonthStart("2026-12").toISOString()).toBe("2027-01-01T00:00:00.000Z");
});
