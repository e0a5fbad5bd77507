/**
 * The collections tests' world: the QuickBooks sandbox at a fixed "now", the API whose clock reads
 * the same instant, and a company in Pacific time synced with the sample company. Expected figures
 * are computed here from the sandbox's own records (its store), never through the code under test.
 */
import { apiPaths } from "@recoup/contracts";
import type { CompanyStore } from "@recoup/sandbox-quickbooks";
import { afterAll, beforeAll, expect } from "vitest";
import {
  type Caller,
  type ConnectedUser,
  connectedCompany,
  createTestApp,
  DATA_NOW,
  OTHER_REALM,
  type QuickBooksSandbox,
  SAMPLE_REALM,
  startQuickBooks,
  syncNow,
  type TestApp,
} from "./kit/index.ts";

export const TODAY = "2026-03-16";
export const TIMEZONE = "America/Los_Angeles";

type Of<M> = M extends Map<number, infer R> ? R : never;
export type InvoiceRecord = Of<CompanyStore["invoices"]>;
export type PaymentRecord = Of<CompanyStore["payments"]>;

export interface World {
  qb: QuickBooksSandbox;
  t: TestApp;
  call: Caller;
  /** Connected to the sample company. */
  user: ConnectedUser;
  /** Another company, connected to the second sample company (whose ids overlap the first's). */
  other: ConnectedUser;
  store: () => CompanyStore;
  close(): Promise<void>;
}

export async function startWorld(extraEnv: Record<string, string> = {}): Promise<World> {
  const { qb, env } = await startQuickBooks();
  const t = await createTestApp({ ...env, ...extraEnv });
  t.ctx.now = () => new Date(DATA_NOW);
  const user = await connectedCompany(t, qb.baseUrl, { timezone: TIMEZONE, firstName: "Ada" });
  const other = await connectedCompany(t, qb.baseUrl, {
    timezone: TIMEZONE,
    realmId: OTHER_REALM,
    firstName: "Otto",
  });
  return {
    qb,
    t,
    call: t.call,
    user,
    other,
    store: () => qb.control.sandbox.realms.get(SAMPLE_REALM)!.store,
    async close() {
      await t.close();
      await qb.close();
    },
  };
}

/** The file's world: started before its tests, closed after them; its fields are there once they run. */
export function worldForFile(): World {
  const w = {} as World;
  beforeAll(async () => {
    Object.assign(w, await startWorld());
  });
  afterAll(() => w.close?.());
  return w;
}

/**
 * The lists' world: after the first sync, changed at "Intuit" and synced again: one open invoice
 * deleted, one voided, a payment left unapplied (QuickBooks' Customer.Balance drops, no invoice's
 * balance does). `changed` names the two invoices once the tests run.
 */
export function changedWorldForFile() {
  const w = worldForFile();
  const changed = { deletedId: "", voidedId: "" };
  beforeAll(async () => {
    const [toDelete, toVoid] = openInvoices(w.store()).filter((inv) => inv.balance === inv.total);
    changed.deletedId = String(toDelete!.id);
    changed.voidedId = String(toVoid!.id);
    w.qb.control.deleteInvoice(SAMPLE_REALM, changed.deletedId);
    w.qb.control.voidInvoice(SAMPLE_REALM, changed.voidedId);
    w.qb.control.createPayment(SAMPLE_REALM, { customerId: toVoid!.customerId, amount: 25, txnDate: TODAY });
    await syncNow(w.t.ctx, w.user.companyId);
  });
  return { w, changed };
}

type Params = Record<string, string | number>;
/** The world's lists as its first user reads them: one page, and every page in order. */
export function listsOf(w: World) {
  const get = (path: string, params: Params = {}) =>
    w.call("GET", `${path}?${new URLSearchParams({ companyId: w.user.companyId, ...toText(params) })}`, {
      token: w.user.token,
    });
  const toText = (p: Params) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));
  async function allPages<T>(path: string, params: Params, key: string, size = 100) {
    const rows: T[] = [];
    for (let page = 1; ; page++) {
      const res = await get(path, {
        ...params,
        page,
        [path === apiPaths.invoices.ageReport ? "size" : "limit"]: size,
      });
      expect(res.status).toBe(200);
      rows.push(...(res.json.data[key] as T[]));
      if (rows.length >= res.json.data.total) return { rows, total: res.json.data.total as number };
    }
  }
  return { get, allPages };
}

// Expected figures, from the sandbox's records.

const DAY_MS = 86_400_000;
export const dayText = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
export const todayDay = Date.parse(`${TODAY}T00:00:00Z`) / DAY_MS;

export function expectedStatus(inv: InvoiceRecord) {
  if (inv.voided) return "Voided";
  if (inv.balance === 0) return "Paid";
  return inv.dueDate < todayDay ? "Overdue" : "Open";
}

export function expectedInvoiceRow(store: CompanyStore, inv: InvoiceRecord) {
  const status = expectedStatus(inv);
  return {
    id: String(inv.id),
    docNumber: inv.docNumber,
    customerRef: String(inv.customerId),
    customerName: store.customers.get(inv.customerId)!.displayName,
    email: inv.email ?? null,
    txnDate: dayText(inv.txnDate),
    dueDate: dayText(inv.dueDate),
    currency: inv.currency,
    totalCents: inv.voided ? 0 : inv.total,
    balanceCents: inv.voided ? 0 : inv.balance,
    status,
    daysOverdue: status === "Overdue" ? todayDay - inv.dueDate : 0,
    // Reminders are off and none were sent in these fixtures.
    lastReminder: null,
    nextReminder: null,
    remindersPaused: null,
    needsCall: false,
    // Nor promises or disputes, unless a test records them.
    promise: null,
    dispute: null,
  };
}

export const openInvoices = (store: CompanyStore) =>
  [...store.invoices.values()].filter((inv) => !inv.voided && inv.balance > 0);

export function bucketOf(inv: InvoiceRecord) {
  const late = todayDay - inv.dueDate;
  if (late <= 0) return "current";
  if (late <= 30) return "days1to30";
  if (late <= 60) return "days31to60";
  if (late <= 90) return "days61to90";
  return "over90";
}

const zeroAmounts = () => ({ current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, total: 0 });

/** Per customer with an open balance: the aging amounts and the customer-list figures. */
export function expectedCustomers(store: CompanyStore) {
  const rows = new Map<
    number,
    ReturnType<typeof zeroAmounts> & {
      customerRef: string;
      name: string;
      email: string | null;
      currency: string;
      openInvoices: number;
      overdue: number;
      oldestDueDate: string | null;
    }
  >();
  for (const inv of openInvoices(store)) {
    const c = store.customers.get(inv.customerId)!;
    const row = rows.get(c.id) ?? {
      ...zeroAmounts(),
      customerRef: String(c.id),
      name: c.displayName,
      email: c.email ?? null,
      currency: c.currency,
      openInvoices: 0,
      overdue: 0,
      oldestDueDate: null,
    };
    row[bucketOf(inv)] += inv.balance;
    row.total += inv.balance;
    row.openInvoices++;
    if (inv.dueDate < todayDay) row.overdue += inv.balance;
    const due = dayText(inv.dueDate);
    if (row.oldestDueDate === null || due < row.oldestDueDate) row.oldestDueDate = due;
    rows.set(c.id, row);
  }
  return [...rows.values()];
}

export function expectedAgingTotals(store: CompanyStore) {
  const totals = new Map<string, ReturnType<typeof zeroAmounts>>();
  for (const inv of openInvoices(store)) {
    const t = totals.get(inv.currency) ?? zeroAmounts();
    t[bucketOf(inv)] += inv.balance;
    t.total += inv.balance;
    totals.set(inv.currency, t);
  }
  return [...totals.entries()].map(([currency, amounts]) => ({ currency, ...amounts }));
}

export const paymentsOf = (store: CompanyStore, customerId: number): PaymentRecord[] =>
  [...store.payments.values()].filter((p) => p.customerId === customerId);
