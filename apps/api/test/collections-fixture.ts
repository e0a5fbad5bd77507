/**
 * The collections tests' world: the QuickBooks sandbox at a fixed "now", the API whose clock reads
 * the same instant, and a company in Pacific time synced with the sample company. Expected figures
 * are computed here from the sandbox's own records (its store), never through the code under test.
 */
import { type CompanyStore, startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";
import { runSync } from "../src/modules/quickbooks/index.ts";
import { createTestApp, type TestApp } from "./harness.ts";
import { type Caller, injectCaller, type KitUser, SAMPLE_REALM, syncedCompany } from "./kit.ts";

const APP = "http://localhost:3000";
const CLIENT = { client_id: "recoup-test", client_secret: "recoup-test-secret" };
/** 12:30 in Los Angeles on 16 March 2026 (daylight time), the sandbox's "today" too. */
export const DATA_NOW = "2026-03-16T19:30:00Z";
export const TODAY = "2026-03-16";
export const TIMEZONE = "America/Los_Angeles";
export const OTHER_REALM = "9341452000000002";

type Of<M> = M extends Map<number, infer R> ? R : never;
export type InvoiceRecord = Of<CompanyStore["invoices"]>;
export type PaymentRecord = Of<CompanyStore["payments"]>;
export type Sandbox = Awaited<ReturnType<typeof startQuickBooksSandbox>>;
export type SyncedUser = KitUser & { companyId: string; realmId: string };

export interface World {
  qb: Sandbox;
  t: TestApp;
  call: Caller;
  /** Connected to the sample company. */
  user: SyncedUser;
  /** Another company, connected to the second sample company (whose ids overlap the first's). */
  other: SyncedUser;
  store: () => CompanyStore;
  close(): Promise<void>;
}

/** The QuickBooks sandbox at the fixed "now", and the API's environment pointing at it. */
export async function startQuickBooks() {
  const qb = await startQuickBooksSandbox({
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/callback/quickbooks`] }],
    dataNow: DATA_NOW,
    throttle: false,
  });
  const env = {
    INTUIT_CLIENT_ID: CLIENT.client_id,
    INTUIT_CLIENT_SECRET: CLIENT.client_secret,
    INTUIT_DISCOVERY_URL: qb.discoveryUrl,
    QUICKBOOKS_API_URL: qb.accountingBaseUrl,
    QUICKBOOKS_RETRY_BASE_MS: "5",
  };
  return { qb, env };
}

export async function startWorld(): Promise<World> {
  const { qb, env } = await startQuickBooks();
  const t = await createTestApp(env);
  t.ctx.now = () => new Date(DATA_NOW);
  const call = injectCaller(t.app);
  const user = await syncedCompany(call, t.mailbox, qb.baseUrl, { timezone: TIMEZONE, firstName: "Ada" });
  const other = await syncedCompany(call, t.mailbox, qb.baseUrl, {
    timezone: TIMEZONE,
    realmId: OTHER_REALM,
    firstName: "Otto",
  });
  return {
    qb,
    t,
    call,
    user,
    other,
    store: () => qb.control.sandbox.realms.get(SAMPLE_REALM)!.store,
    async close() {
      await t.close();
      await qb.close();
    },
  };
}

/** Runs an incremental sync now (waiting while the queued one holds the lease). */
export async function syncChanges(w: World, companyId = w.user.companyId) {
  for (;;) {
    const result = await runSync(w.t.ctx, companyId, "incremental");
    if (!result.skipped) return result;
    if (result.reason !== "busy") throw new Error(`sync skipped: ${result.reason}`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
