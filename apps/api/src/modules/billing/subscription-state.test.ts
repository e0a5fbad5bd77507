import { describe, expect, it } from "vitest";
import type { ProviderSubscription } from "../../integrations/stripe/provider-records.ts";
import { appStatus, isValid, monthlyLimit, providerState } from "./subscription-state.ts";

const sub = (over: Partial<ProviderSubscription> = {}): ProviderSubscription => ({
  id: "sub_1",
  customerId: "cus_1",
  status: "trialing",
  trialEnd: 2_000_000_000,
  periodEnd: 2_000_000_000,
  cancelAt: null,
  endedAt: null,
  priceId: "price_starter_monthly",
  planName: "Starter",
  amountCents: 2900,
  currency: "usd",
  interval: "month",
  usageLimit: 100,
  ...over,
});

describe("appStatus: the spec's statuses", () => {
  it.each([
    ["active", 1, "active"],
    ["trialing", 1, "trialing"],
    ["past_due", 1, "past_due"],
    ["canceled", 1, "canceled"],
    ["paused", 1, "trialing"],
    ["paused", null, "paused"],
    ["unpaid", 1, "past_due"],
    ["incomplete", null, "past_due"],
    ["incomplete_expired", null, "canceled"],
  ] as const)("%s (trial end %s) reads %s", (status, trialEnd, expected) => {
    expect(appStatus({ status, trialEnd })).toBe(expected);
  });
});

describe("providerState", () => {
  it("moves a test clock's instants back by how far it was advanced", () => {
    const s = providerState(sub({ status: "paused", trialEnd: 1_000_086_400 }), 86_400 * 2, null);
    expect(s.status).toBe("trialing");
    expect(s.trialEnd).toEqual(new Date((1_000_086_400 - 172_800) * 1000));
  });

  it("keeps the first trial's end when a later subscription has none; a canceled one ends when it ended", () => {
    const first = new Date("2026-01-01T00:00:00Z");
    const s = providerState(
      sub({ status: "canceled", trialEnd: null, endedAt: 1_800_000_000, cancelAt: 1 }),
      0,
      first,
    );
    expect(s).toMatchObject({
      trialEnd: first,
      currentPeriodEnd: new Date(1_800_000_000_000),
      cancelAt: null,
    });
  });
});

describe("isValid and monthlyLimit", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  const later = new Date("2026-06-02T00:00:00Z");
  const earlier = new Date("2026-05-31T00:00:00Z");
  it("active, or trialing with the end in the future", () => {
    expect(isValid({ status: "active", trialEnd: earlier }, now)).toBe(true);
    expect(isValid({ status: "trialing", trialEnd: later }, now)).toBe(true);
    expect(isValid({ status: "trialing", trialEnd: earlier }, now)).toBe(false);
    expect(isValid({ status: "trialing", trialEnd: null }, now)).toBe(false);
    for (const status of ["past_due", "canceled", "paused", "whatever"])
      expect(isValid({ status, trialEnd: later }, now)).toBe(false);
  });
  it("no limit on trial", () => {
    expect(monthlyLimit({ status: "trialing", usageLimit: 100 })).toBeNull();
    expect(monthlyLimit({ status: "active", usageLimit: 100 })).toBe(100);
    expect(monthlyLimit({ status: "active", usageLimit: null })).toBeNull();
  });
});
