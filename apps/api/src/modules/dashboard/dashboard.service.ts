import type { DashboardSummary } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { addDays, dateIn } from "../../lib/dates.ts";
import { byId, companyToday } from "../receivables/index.ts";
import { reminderStatus } from "../reminders/index.ts";
import { heldTotals } from "./held-balances.repository.ts";
import * as homeCurrencyRepo from "./home-currency.repository.ts";
import * as mostOverdueRepo from "./most-overdue.repository.ts";
import { customersWithoutEmail } from "./no-email.repository.ts";
import { openTotals } from "./open-balances.repository.ts";
import * as periodFlowsRepo from "./period-flows.repository.ts";
import { recentActivity } from "./recent-activity.repository.ts";

/** DSO and CEI look at the 90 days ending today; "collected" at the 30 days ending today. */
const PERIOD_DAYS = 90;
const COLLECTED_DAYS = 30;
const MOST_OVERDUE = 5;
const RECENT = 10;
const NO_EMAIL = 5;

/** Newest first. */
const later = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export async function dashboardSummary(ctx: AppContext, companyId: string): Promise<DashboardSummary> {
  const clock = await companyToday(ctx, companyId);
  const { today, timezone } = clock;
  const periodStart = addDays(today, -(PERIOD_DAYS - 1));
  // The figures change only with the synced data (or the day): kept per data version.
  const figures = ctx.cache.get(clock, JSON.stringify(["dashboard", today]), async () => {
    const [homeCurrency, open, mostOverdue, collected, invoiced, beginning, recent, noEmail] =
      await Promise.all([
        homeCurrencyRepo.homeCurrency(ctx.db, companyId),
        openTotals(ctx.db, companyId, today),
        mostOverdueRepo.mostOverdue(ctx.db, companyId, today, MOST_OVERDUE),
        periodFlowsRepo.collected(ctx.db, companyId, addDays(today, -(COLLECTED_DAYS - 1)), today),
        periodFlowsRepo.invoiced(ctx.db, companyId, periodStart, today),
        periodFlowsRepo.receivablesAt(ctx.db, companyId, periodStart),
        recentActivity(ctx.db, companyId, RECENT),
        // Contacts are written with the data version moved on, so this is cached with the figures.
        customersWithoutEmail(ctx.db, companyId, NO_EMAIL),
      ]);
    return { homeCurrency, open, mostOverdue, collected, invoiced, beginning, recent, noEmail };
  });
  // Holds change without the synced data (a customer promises, a user resolves): read each time.
  const [
    { homeCurrency, open, mostOverdue, collected, invoiced, beginning, recent, noEmail },
    held,
    reminders,
  ] = await Promise.all([figures, heldTotals(ctx.db, companyId, today), reminderStatus(ctx, companyId)]);
  // Every figure below is a sum of home amounts; the currencies they came from are reported.
  const converted = new Set<string>();
  const sum = <T extends { currency: string }>(rows: T[], amount: (row: T) => number) =>
    rows.reduce((total, row) => {
      if (row.currency !== homeCurrency) converted.add(row.currency);
      return total + amount(row);
    }, 0);
  const outstanding = sum(open, (r) => r.total);
  const current = sum(open, (r) => r.current);
  const invoicedCents = sum(invoiced, (r) => r.home);
  const beginningCents = sum(beginning, (r) => r.home);
  const collectedCents = sum(collected, (r) => r.home);
  for (const row of mostOverdue) if (row.currency !== homeCurrency) converted.add(row.currency);

  const collectable = beginningCents + invoicedCents - current;
  return {
    asOf: today,
    timezone,
    homeCurrency,
    convertedCurrencies: [...converted].sort(),
    reminders,
    outstandingCents: outstanding,
    overdueCents: sum(open, (r) => r.overdue),
    overdueInvoices: open.reduce((n, r) => n + r.overdueInvoices, 0),
    openInvoices: open.reduce((n, r) => n + r.openInvoices, 0),
    // Held invoices are open ones, so their currencies are already among those reported.
    promisedCents: sum(held, (r) => r.promised),
    promisedInvoices: held.reduce((n, r) => n + r.promisedInvoices, 0),
    disputedCents: sum(held, (r) => r.disputed),
    disputedInvoices: held.reduce((n, r) => n + r.disputedInvoices, 0),
    collectedLast30Cents: collectedCents,
    dso: invoicedCents > 0 ? oneDecimal((outstanding / invoicedCents) * PERIOD_DAYS) : null,
    cei:
      collectable > 0
        ? {
            percent: oneDecimal(((beginningCents + invoicedCents - outstanding) / collectable) * 100),
            beginningReceivablesCents: beginningCents,
            invoicedCents,
            endingReceivablesCents: outstanding,
            endingCurrentCents: current,
            periodStart,
          }
        : null,
    aging: {
      current,
      days1to30: sum(open, (r) => r.days1to30),
      days31to60: sum(open, (r) => r.days31to60),
      days61to90: sum(open, (r) => r.days61to90),
      over90: sum(open, (r) => r.over90),
      total: outstanding,
    },
    mostOverdue,
    noEmail,
    recentActivity: [
      ...recent.payments.map((r) => ({ ...r, type: "payment" as const })),
      ...recent.created.map((r) => ({ ...r, type: "invoice_created" as const })),
      // A voided invoice's day is the day it changed, in the company's time zone.
      ...recent.voided.map((r) => ({ ...r, date: dateIn(timezone, r.at), type: "invoice_voided" as const })),
    ]
      .map((r) => ({
        ...r,
        at: r.at.toISOString(),
        customerName: r.customerName ?? `Customer ${r.customerRef}`,
      }))
      .sort((a, b) => later(a.date, b.date) || later(a.at, b.at) || byId(b.id, a.id))
      .slice(0, RECENT),
  };
}
