import type { DashboardSummary } from "@recoup/contracts";
import { describe, expect, it } from "vitest";

import { dashboardFigures } from "@/features/dashboard/utils/figures";

const summary = {
  asOf: "2026-03-16",
  timezone: "UTC",
  homeCurrency: "USD",
  convertedCurrencies: [],
  reminders: { enabled: false, blocked: null },
  outstandingCents: 500_000,
  overdueCents: 200_000,
  overdueInvoices: 4,
  openInvoices: 9,
  promisedCents: 123_456,
  promisedInvoices: 3,
  disputedCents: 0,
  disputedInvoices: 0,
  collectedLast30Cents: 0,
  dso: null,
  cei: null,
  aging: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 },
  mostOverdue: [],
  noEmail: { total: 0, customers: [] },
  recentActivity: [],
} satisfies DashboardSummary;

describe("the dashboard's figures", () => {
  it("puts Promised and Disputed beside the overdue total", () => {
    expect(dashboardFigures(summary).map((f) => f.key)).toEqual([
      "outstanding",
      "overdue",
      "promised",
      "disputed",
      "overdueInvoices",
      "collected",
      "dso",
      "cei",
    ]);
  });

  it("links the held invoices to the Invoices list filtered on the hold, when there are any", () => {
    const byKey = new Map(dashboardFigures(summary).map((f) => [f.key, f]));
    expect(byKey.get("promised")).toMatchObject({
      label: "Promised",
      value: "$1,234.56",
      caption: "3 promised invoices",
      captionTo: "/invoices?hold=promised",
    });
    expect(byKey.get("disputed")).toMatchObject({
      label: "Disputed",
      value: "$0.00",
      caption: "No disputed invoices",
      captionTo: undefined,
    });
  });
});
