import type { CompanyStore } from "../accounting/store.ts";
import { localDay } from "../accounting/time.ts";

export interface CompanySummary {
  customers: { total: number; active: number; withEmail: number; byCurrency: Record<string, number> };
  invoices: {
    total: number;
    paid: number;
    partlyPaid: number;
    /** Unpaid and not yet due (due today counts as current). */
    current: number;
    overdue: number;
    /** Overdue invoices (unpaid or partly paid) by days past due. */
    overdueBuckets: { "1-30": number; "31-60": number; "61-90": number; "91-180": number; "181+": number };
    voided: number;
    withCreditApplied: number;
    withoutEmail: number;
    byCurrency: Record<string, number>;
  };
  payments: number;
  creditMemos: number;
  deleted: number;
}

/** Counts a company's records by state, as of `now`. */
export function summarize(store: CompanyStore, now: number): CompanySummary {
  const today = localDay(now);
  const customers = { total: 0, active: 0, withEmail: 0, byCurrency: {} as Record<string, number> };
  for (const c of store.customers.values()) {
    customers.total++;
    if (c.active) customers.active++;
    if (c.email) customers.withEmail++;
    customers.byCurrency[c.currency] = (customers.byCurrency[c.currency] ?? 0) + 1;
  }
  const credited = new Set<number>();
  for (const p of store.payments.values()) {
    for (let i = 0; i < p.links.length; i += 3) {
      if (p.links[i + 1] === 1) {
        for (let j = 0; j < p.links.length; j += 3) if (p.links[j + 1] === 0) credited.add(p.links[j]!);
      }
    }
  }
  const invoices: CompanySummary["invoices"] = {
    total: 0,
    paid: 0,
    partlyPaid: 0,
    current: 0,
    overdue: 0,
    overdueBuckets: { "1-30": 0, "31-60": 0, "61-90": 0, "91-180": 0, "181+": 0 },
    voided: 0,
    withCreditApplied: 0,
    withoutEmail: 0,
    byCurrency: {},
  };
  for (const inv of store.invoices.values()) {
    invoices.total++;
    invoices.byCurrency[inv.currency] = (invoices.byCurrency[inv.currency] ?? 0) + 1;
    if (!inv.email) invoices.withoutEmail++;
    if (credited.has(inv.id)) invoices.withCreditApplied++;
    if (inv.voided) {
      invoices.voided++;
      continue;
    }
    if (inv.balance === 0) {
      invoices.paid++;
      continue;
    }
    if (inv.balance < inv.total) invoices.partlyPaid++;
    const late = today - inv.dueDate;
    if (late <= 0) {
      if (inv.balance === inv.total) invoices.current++;
      continue;
    }
    if (inv.balance === inv.total) invoices.overdue++;
    const bucket =
      late <= 30 ? "1-30" : late <= 60 ? "31-60" : late <= 90 ? "61-90" : late <= 180 ? "91-180" : "181+";
    invoices.overdueBuckets[bucket]++;
  }
  return {
    customers,
    invoices,
    payments: store.payments.size,
    creditMemos: store.creditMemos.size,
    deleted: store.deleted.length,
  };
}
