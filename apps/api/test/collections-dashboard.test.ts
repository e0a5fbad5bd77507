import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import {
  bucketOf,
  dayText,
  openInvoices,
  TIMEZONE,
  TODAY,
  todayDay,
  worldForFile,
} from "./collections-fixture.ts";
import { SAMPLE_REALM, syncNow } from "./kit/index.ts";

const w = worldForFile();

/** Cents × QuickBooks' exchange rate (decimal text), rounded half up, computed exactly. */
function home(cents: number, rate: number | undefined) {
  if (rate === undefined) return cents;
  const [whole, fraction = ""] = String(rate).split(".");
  const scale = 10n ** BigInt(fraction.length);
  const product = BigInt(cents) * BigInt(`${whole}${fraction}`);
  return Number((product * 2n + scale) / (2n * scale));
}
/** The rate as the sandbox's Accounting API shows it on the record. */
const rateOf = (entity: "Invoice" | "Payment", id: number) =>
  w.qb.control.read(SAMPLE_REALM, entity, id)!.ExchangeRate as number | undefined;
const round1 = (n: number) => Math.round(n * 10) / 10;
const dayOf = (ms: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: TIMEZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(ms));

const summary = async () => {
  const res = await w.call("GET", `${apiPaths.dashboard.summary}?companyId=${w.user.companyId}`, {
    token: w.user.token,
  });
  expect(res.status).toBe(200);
  return res.json.data;
};

describe("dashboard summary", () => {
  it("adds up the company's receivables in the home currency, converting other currencies", async () => {
    await expectSummaryOfStore();
  });

  it("follows a back-dated payment into the period's beginning receivables after the next sync", async () => {
    const store = w.store();
    const start = todayDay - 89;
    const before = (await summary()).cei.beginningReceivablesCents;
    const target = openInvoices(store).find(
      (inv) => inv.balance === inv.total && inv.txnDate < start - 1 && inv.currency === "USD",
    )!;
    w.qb.control.createPayment(SAMPLE_REALM, {
      invoices: [{ id: target.id, amount: 10 }],
      txnDate: dayText(start - 1),
    });
    await syncNow(w.t.ctx, w.user.companyId);
    const after = await expectSummaryOfStore();
    expect(after.cei.beginningReceivablesCents).toBe(before - 1000);
  });

  /** Every figure, worked out from the sandbox's records. */
  async function expectSummaryOfStore() {
    const d = await summary();
    const store = w.store();

    const open = openInvoices(store).map((inv) => ({
      inv,
      home: home(inv.balance, rateOf("Invoice", inv.id)),
    }));
    const overdue = open.filter((o) => o.inv.dueDate < todayDay);
    const sum = (rows: { home: number }[]) => rows.reduce((n, r) => n + r.home, 0);

    expect(d.asOf).toBe(TODAY);
    expect(d.timezone).toBe(TIMEZONE);
    expect(d.homeCurrency).toBe("USD");
    const foreign = [...new Set(open.map((o) => o.inv.currency))].filter((c) => c !== "USD").sort();
    expect(foreign.length).toBeGreaterThan(0);
    expect(d.convertedCurrencies).toEqual(foreign);
    expect(d.outstandingCents).toBe(sum(open));
    expect(d.overdueCents).toBe(sum(overdue));
    expect(d.openInvoices).toBe(open.length);
    expect(d.overdueInvoices).toBe(overdue.length);
    const buckets = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
    for (const o of open) buckets[bucketOf(o.inv)] += o.home;
    expect(d.aging).toEqual({ ...buckets, total: sum(open) });

    // Collected: payments dated in the 30 days ending today.
    const collected = [...store.payments.values()]
      .filter((p) => p.txnDate > todayDay - 30 && p.txnDate <= todayDay)
      .reduce((n, p) => n + home(p.total, rateOf("Payment", p.id)), 0);
    expect(collected).toBeGreaterThan(0);
    expect(d.collectedLast30Cents).toBe(collected);

    // DSO and CEI over the 90 days ending today.
    const start = todayDay - 89;
    const live = [...store.invoices.values()].filter((inv) => !inv.voided);
    const invoiced = live
      .filter((inv) => inv.txnDate >= start && inv.txnDate <= todayDay)
      .reduce((n, inv) => n + home(inv.total, rateOf("Invoice", inv.id)), 0);
    const paidBefore = new Map<number, number>();
    for (const p of store.payments.values()) {
      if (p.txnDate >= start) continue;
      for (let i = 0; i < p.links.length; i += 3) {
        if (p.links[i + 1] === 0)
          paidBefore.set(p.links[i]!, (paidBefore.get(p.links[i]!) ?? 0) + p.links[i + 2]!);
      }
    }
    const beginning = live
      .filter((inv) => inv.txnDate < start)
      .reduce((n, inv) => n + home(inv.total - (paidBefore.get(inv.id) ?? 0), rateOf("Invoice", inv.id)), 0);
    const ending = sum(open);
    const endingCurrent = sum(open.filter((o) => o.inv.dueDate >= todayDay));
    expect(d.dso).toBe(round1((ending / invoiced) * 90));
    expect(d.cei).toEqual({
      percent: round1(((beginning + invoiced - ending) / (beginning + invoiced - endingCurrent)) * 100),
      beginningReceivablesCents: beginning,
      invoicedCents: invoiced,
      endingReceivablesCents: ending,
      endingCurrentCents: endingCurrent,
      periodStart: dayText(start),
    });
    expect(d.cei.percent).toBeGreaterThan(0);
    expect(d.cei.percent).toBeLessThanOrEqual(100);
    return d;
  }

  it("names the five customers most overdue (in home terms) and the latest activity", async () => {
    const res = await w.call("GET", `${apiPaths.dashboard.summary}?companyId=${w.user.companyId}`, {
      token: w.user.token,
    });
    const d = res.json.data;
    const store = w.store();
    const perCustomer = new Map<number, { overdue: number; home: number; count: number; oldest: number }>();
    for (const inv of openInvoices(store)) {
      if (inv.dueDate >= todayDay) continue;
      const row = perCustomer.get(inv.customerId) ?? { overdue: 0, home: 0, count: 0, oldest: Infinity };
      row.overdue += inv.balance;
      row.home += home(inv.balance, rateOf("Invoice", inv.id));
      row.count++;
      row.oldest = Math.min(row.oldest, inv.dueDate);
      perCustomer.set(inv.customerId, row);
    }
    const top = [...perCustomer.entries()]
      .sort(([a, x], [b, y]) => y.home - x.home || (String(a) < String(b) ? -1 : 1))
      .slice(0, 5)
      .map(([id, r]) => ({
        customerRef: String(id),
        name: store.customers.get(id)!.displayName,
        currency: store.customers.get(id)!.currency,
        overdueCents: r.overdue,
        overdueHomeCents: r.home,
        overdueInvoices: r.count,
        oldestDueDate: dayText(r.oldest),
        daysOverdue: todayDay - r.oldest,
      }));
    expect(d.mostOverdue).toEqual(top);
    // A foreign customer ranks by its home amount, not its own.
    expect(top.some((r) => r.currency !== "USD")).toBe(true);

    const at = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();
    const events = [
      ...[...store.payments.values()].map((p) => ({
        type: "payment",
        date: dayText(p.txnDate),
        at: at(p.updated),
        customerRef: String(p.customerId),
        customerName: store.customers.get(p.customerId)!.displayName,
        id: String(p.id),
        docNumber: null,
        currency: p.currency,
        amountCents: p.total,
      })),
      ...[...store.invoices.values()].map((inv) => ({
        type: inv.voided ? "invoice_voided" : "invoice_created",
        date: inv.voided ? dayOf(inv.updated) : dayText(inv.txnDate),
        at: at(inv.updated),
        customerRef: String(inv.customerId),
        customerName: store.customers.get(inv.customerId)!.displayName,
        id: String(inv.id),
        docNumber: inv.docNumber,
        currency: inv.currency,
        amountCents: inv.voided ? 0 : inv.total,
      })),
    ].sort((a, b) =>
      a.date !== b.date
        ? a.date < b.date
          ? 1
          : -1
        : a.at !== b.at
          ? a.at < b.at
            ? 1
            : -1
          : Number(b.id) - Number(a.id),
    );
    expect(d.recentActivity).toEqual(events.slice(0, 10));
    expect(new Set(d.recentActivity.map((e: { type: string }) => e.type)).size).toBeGreaterThan(1);
  });
});
