/**
 * Holds in the dashboard and the aging report: 'Promised' and 'Disputed' beside overdue, and the
 * aging report (JSON and CSV) with disputed invoices counted, left out, or shown apart. Expected
 * figures come from the QuickBooks sandbox's records and the holds this file records.
 */
import { AGING_CSV_HEADER, apiPaths } from "@recoup/contracts";
import type { CompanyStore } from "@recoup/sandbox-quickbooks";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bucketOf,
  dayText,
  expectedAgingTotals,
  expectedCustomers,
  type InvoiceRecord,
  listsOf,
  openInvoices,
  TODAY,
  todayDay,
  worldForFile,
} from "./collections-fixture.ts";
import { type ConnectedUser, SAMPLE_REALM, syncNow } from "./kit/index.ts";

const w = worldForFile();
const { get } = listsOf(w);

const realmOf = (company: ConnectedUser) => w.qb.control.sandbox.realms.get(company.realmId)!.store;

/** Holds as a user records them from the invoice's thread. */
const post = async (company: ConnectedUser, path: string, inv: InvoiceRecord, body = {}) => {
  const res = await w.call("POST", path, {
    token: company.token,
    body: { companyId: company.companyId, invoiceId: String(inv.id), ...body },
  });
  expect(res.status, `${path}: ${res.text}`).toBe(200);
};
const holds = {
  promise: (company: ConnectedUser, inv: InvoiceRecord, date: string) =>
    post(company, apiPaths.holds.promise, inv, { date }),
  cancelPromise: (company: ConnectedUser, inv: InvoiceRecord) =>
    post(company, apiPaths.holds.cancelPromise, inv),
  dispute: (company: ConnectedUser, inv: InvoiceRecord) =>
    post(company, apiPaths.holds.dispute, inv, {
      reason: "wrong_amount",
      message: "The amount is not what we agreed.",
    }),
  resolveDispute: (company: ConnectedUser, inv: InvoiceRecord) =>
    post(company, apiPaths.holds.resolveDispute, inv),
};

/** The API's clock at `instant` while `run` runs. */
async function atInstant(instant: string, run: () => Promise<void>) {
  const now = w.t.ctx.now;
  w.t.ctx.now = () => new Date(instant);
  try {
    await run();
  } finally {
    w.t.ctx.now = now;
  }
}

/** Cents × the exchange rate QuickBooks shows on the invoice (decimal text), rounded half up, exactly. */
function home(realm: string, inv: InvoiceRecord) {
  const rate = w.qb.control.read(realm, "Invoice", inv.id)!.ExchangeRate as number | undefined;
  if (rate === undefined) return inv.balance;
  const [units, decimals = ""] = String(rate).split(".");
  const scale = 10n ** BigInt(decimals.length);
  return Number((2n * BigInt(inv.balance) * BigInt(units + decimals) + scale) / (2n * scale));
}

/** What this file put on hold, by company: what should count (open holds) and what should not. */
interface Held {
  promised: InvoiceRecord[];
  disputed: InvoiceRecord[];
}
const held: Record<"user" | "other", Held> = {
  user: { promised: [], disputed: [] },
  other: { promised: [], disputed: [] },
};
/** The held invoices still open at QuickBooks (a paid one leaves every figure). */
const stillOpen = (store: CompanyStore, invoices: InvoiceRecord[]) =>
  invoices.map((inv) => store.invoices.get(inv.id)!).filter((inv) => !inv.voided && inv.balance > 0);

const after = (days: number) => dayText(todayDay + days);
const byId = (a: InvoiceRecord, b: InvoiceRecord) => a.id - b.id;
const usd = (inv: InvoiceRecord) => inv.currency === "USD";
const openOf = (customerId: number) =>
  openInvoices(realmOf(w.user)).filter((inv) => inv.customerId === customerId);

/** The first company's invoices this file holds, so that each hold is on another invoice. */
const taken = new Set<number>();
/** The first company's open invoice, the lowest id that passes `test` and is not yet held. */
function take(test: (inv: InvoiceRecord) => boolean) {
  const inv = openInvoices(realmOf(w.user))
    .sort(byId)
    .find((i) => !taken.has(i.id) && test(i));
  expect(inv).toBeDefined();
  taken.add(inv!.id);
  return inv!;
}

beforeAll(async () => {
  // Disputed: a foreign customer's invoice (the customer still owes others), and a USD customer's
  // only open invoice (the customer leaves the report when disputed invoices are left out).
  const foreignDisputed = take((i) => !usd(i) && openOf(i.customerId).length > 1);
  const onlyInvoice = take((i) => usd(i) && openOf(i.customerId).length === 1);
  const resolved = take(usd);
  // Promised: today (still counted), later in a foreign currency, missed, and cancelled.
  const promisedToday = take(usd);
  const promisedLater = take((i) => !usd(i));
  const missed = take(usd);
  const cancelled = take(usd);
  // To be paid in the last test: one disputed, one promised.
  const paidDisputed = take(usd);
  const paidPromised = take(usd);

  for (const inv of [foreignDisputed, onlyInvoice, resolved, paidDisputed]) await holds.dispute(w.user, inv);
  await holds.resolveDispute(w.user, resolved);
  await holds.promise(w.user, promisedToday, TODAY);
  await holds.promise(w.user, promisedLater, after(30));
  // Recorded two days ago for yesterday (a promise is for today or later): missed since today.
  await atInstant(`${after(-2)}T19:30:00Z`, () => holds.promise(w.user, missed, after(-1)));
  await holds.promise(w.user, cancelled, after(5));
  await holds.cancelPromise(w.user, cancelled);
  await holds.promise(w.user, paidPromised, after(7));
  held.user = {
    promised: [promisedToday, promisedLater, paidPromised],
    disputed: [foreignDisputed, onlyInvoice, paidDisputed],
  };

  // The other company's invoices share ids with the first's: it holds some the first does not.
  const otherOpen = openInvoices(realmOf(w.other)).sort(byId);
  const mine = realmOf(w.user).invoices;
  const free = otherOpen.filter((inv) => !taken.has(inv.id) && mine.get(inv.id)?.balance);
  expect(free.length).toBeGreaterThan(2);
  await holds.promise(w.other, free[0]!, after(3));
  await holds.dispute(w.other, free[1]!);
  held.other = { promised: [free[0]!], disputed: [free[1]!] };
});

const summary = async (company: ConnectedUser) => {
  const res = await w.call("GET", `${apiPaths.dashboard.summary}?companyId=${company.companyId}`, {
    token: company.token,
  });
  expect(res.status).toBe(200);
  return res.json.data;
};

/** The dashboard's held figures, worked out from the sandbox's records and the holds recorded. */
function expectedHeld(company: ConnectedUser, h: Held) {
  const store = realmOf(company);
  const sum = (invoices: InvoiceRecord[]) => invoices.reduce((n, inv) => n + home(company.realmId, inv), 0);
  const promised = stillOpen(store, h.promised);
  const disputed = stillOpen(store, h.disputed);
  return {
    promisedCents: sum(promised),
    promisedInvoices: promised.length,
    disputedCents: sum(disputed),
    disputedInvoices: disputed.length,
  };
}

describe("dashboard: promised and disputed", () => {
  it("sums open promises dated today or later and open disputes, in home amounts", async () => {
    const d = await summary(w.user);
    const expected = expectedHeld(w.user, held.user);
    expect(d).toMatchObject(expected);
    expect(expected).toMatchObject({ promisedInvoices: 3, disputedInvoices: 3 });
    // A foreign invoice on each side: the home amount, not the invoice's own.
    const foreign = held.user.promised.find((inv) => inv.currency !== "USD")!;
    expect(home(SAMPLE_REALM, foreign)).not.toBe(foreign.balance);
  });

  it("never counts another company's holds, though its invoices share ids", async () => {
    const mine = await summary(w.user);
    const otherIds = [...held.other.promised, ...held.other.disputed].map((inv) => inv.id);
    expect(otherIds.every((id) => (realmOf(w.user).invoices.get(id)?.balance ?? 0) > 0)).toBe(true);
    expect(mine).toMatchObject(expectedHeld(w.user, held.user));
    expect(await summary(w.other)).toMatchObject(expectedHeld(w.other, held.other));
  });

  it("leaves out a promise from the day after its date, the company's day", async () => {
    // 20:00 on the promise's day in Los Angeles (already the next day in UTC): still promised.
    await atInstant(`${after(1)}T03:00:00Z`, async () => {
      expect(await summary(w.user)).toMatchObject(expectedHeld(w.user, held.user));
    });
    // The next morning there: missed.
    await atInstant(`${after(1)}T16:00:00Z`, async () => {
      const nextDay = await summary(w.user);
      expect(nextDay.asOf).toBe(after(1));
      const [, ...promisedLater] = held.user.promised; // the first was for today
      expect(nextDay).toMatchObject(expectedHeld(w.user, { ...held.user, promised: promisedLater }));
    });
  });
});

type Amounts = ReturnType<typeof expectedAgingTotals>[number];
type ExpectedCustomer = ReturnType<typeof expectedCustomers>[number];
/** The store seen without the disputed invoices: what the report shows when they are left out. */
const withoutDisputed = (store: CompanyStore): CompanyStore => {
  const disputed = new Set(held.user.disputed.map((inv) => inv.id));
  const invoices = new Map([...store.invoices].filter(([id]) => !disputed.has(id)));
  return Object.assign(Object.create(store) as CompanyStore, { invoices });
};
/** A customer's aging row: the expected figures without the customer list's. */
const rowOf = ({ name, email, openInvoices, overdue, oldestDueDate, ...row }: ExpectedCustomer) => ({
  ...row,
  customerName: name,
});
/** The report's default order: total, then customer id (as text), both descending. */
const byTotal = <T extends { total: number; customerRef: string }>(a: T, b: T) =>
  b.total - a.total || (a.customerRef < b.customerRef ? 1 : -1);
const byCurrency = <T extends { currency: string }>(a: T, b: T) => (a.currency < b.currency ? -1 : 1);

/** The disputed invoices' buckets per currency, with their count. */
function expectedDisputed(store: CompanyStore, disputed = held.user.disputed) {
  const lines = new Map<string, Amounts & { invoices: number }>();
  for (const inv of stillOpen(store, disputed)) {
    const line = lines.get(inv.currency) ?? {
      currency: inv.currency,
      invoices: 0,
      current: 0,
      days1to30: 0,
      days31to60: 0,
      days61to90: 0,
      over90: 0,
      total: 0,
    };
    line[bucketOf(inv)] += inv.balance;
    line.total += inv.balance;
    line.invoices++;
    lines.set(inv.currency, line);
  }
  return [...lines.values()].sort(byCurrency);
}

const report = async (params: Record<string, string | number>) => {
  const res = await get(apiPaths.invoices.ageReport, { size: 100, ...params });
  expect(res.status).toBe(200);
  return res.json.data;
};

describe("aging report: disputed invoices", () => {
  it("counts them like the rest by default and with disputed=include", async () => {
    const store = realmOf(w.user);
    const expected = {
      rows: expectedCustomers(store).map(rowOf).sort(byTotal),
      totals: expectedAgingTotals(store).sort(byCurrency),
      disputed: [],
    };
    expect(await report({})).toMatchObject(expected);
    expect(await report({ disputed: "include" })).toMatchObject(expected);
  });

  it("leaves them out of the rows and totals with disputed=exclude", async () => {
    const store = withoutDisputed(realmOf(w.user));
    const data = await report({ disputed: "exclude" });
    const rows = expectedCustomers(store).map(rowOf).sort(byTotal);
    expect(data).toMatchObject({
      rows,
      total: rows.length,
      totals: expectedAgingTotals(store).sort(byCurrency),
    });
    expect(data.disputed).toEqual([]);
    // The customer whose only open invoice is disputed owes nothing else.
    const [, onlyInvoice] = held.user.disputed;
    expect(data.rows.map((r: { customerRef: string }) => r.customerRef)).not.toContain(
      String(onlyInvoice!.customerId),
    );
  });

  it("sums them apart, per currency with their count, with disputed=apart", async () => {
    const store = realmOf(w.user);
    const data = await report({ disputed: "apart" });
    const rows = expectedCustomers(withoutDisputed(store)).map(rowOf).sort(byTotal);
    expect(data.rows).toEqual(rows);
    expect(data.totals).toEqual(expectedAgingTotals(withoutDisputed(store)).sort(byCurrency));
    expect(data.disputed).toEqual(expectedDisputed(store));
    expect(data.disputed.length).toBe(2);
    // A page of one still has every disputed line.
    expect((await report({ disputed: "apart", size: 1 })).disputed).toEqual(expectedDisputed(store));
  });

  it("follows the search in the disputed lines", async () => {
    const store = realmOf(w.user);
    const [foreignDisputed] = held.user.disputed;
    const name = store.customers.get(foreignDisputed!.customerId)!.displayName;
    const data = await report({ disputed: "apart", searchQuery: name });
    const matching = held.user.disputed.filter((inv) =>
      store.customers.get(inv.customerId)!.displayName.toLowerCase().includes(name.toLowerCase()),
    );
    expect(data.disputed).toEqual(expectedDisputed(store, matching));
    expect(data.disputed.map((d: { currency: string }) => d.currency)).toEqual([foreignDisputed!.currency]);
  });

  const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const csvLine = (texts: string[], a: Amounts) =>
    [
      ...texts.map((t) => (/[",]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t)),
      ...[a.current, a.days1to30, a.days31to60, a.days61to90, a.over90, a.total].map(decimal),
    ].join(",");
  const csv = async (disputed: string) => {
    const res = await get(apiPaths.invoices.ageReportCsv, { disputed });
    expect(res.status).toBe(200);
    return res.text.split("\r\n").slice(0, -1);
  };

  it("exports the same in CSV: left out, or a Disputed line per currency after the totals", async () => {
    const store = realmOf(w.user);
    const kept = withoutDisputed(store);
    const body = expectedCustomers(kept)
      .sort(byTotal)
      .map((r) => csvLine([r.name, r.currency], r));
    const totals = expectedAgingTotals(kept)
      .sort(byCurrency)
      .map((t) => csvLine(["Total", t.currency], t));
    const disputed = expectedDisputed(store).map((d) => csvLine(["Disputed", d.currency], d));
    const header = AGING_CSV_HEADER.join(",");
    expect(await csv("exclude")).toEqual([header, ...body, ...totals]);
    expect(await csv("apart")).toEqual([header, ...body, ...totals, ...disputed]);
    const included = await csv("include");
    expect(included.some((l) => l.startsWith("Disputed,"))).toBe(false);
    expect(included.filter((l) => l.startsWith("Total,"))).toEqual(
      expectedAgingTotals(store)
        .sort(byCurrency)
        .map((t) => csvLine(["Total", t.currency], t)),
    );
  });

  it("refuses another value with a 400 naming the parameter", async () => {
    for (const path of [apiPaths.invoices.ageReport, apiPaths.invoices.ageReportCsv]) {
      const res = await get(path, { disputed: "hide" });
      expect(res.status, path).toBe(400);
      expect(res.json.error.code).toBe("VALIDATION_ERROR");
      expect(res.json.error.details[0].path).toBe("disputed");
    }
  });
});

describe("holds recorded after the figures were read", () => {
  it("show at once, and leave once cancelled or resolved", async () => {
    const expectFigures = async () => {
      const store = realmOf(w.user);
      expect(await summary(w.user)).toMatchObject(expectedHeld(w.user, held.user));
      const out = await report({ disputed: "exclude" });
      expect(out.totals).toEqual(expectedAgingTotals(withoutDisputed(store)).sort(byCurrency));
      expect((await report({ disputed: "apart" })).disputed).toEqual(expectedDisputed(store));
    };
    await expectFigures();
    const disputed = take(usd);
    const promised = take(usd);
    await holds.dispute(w.user, disputed);
    await holds.promise(w.user, promised, after(10));
    held.user.disputed.push(disputed);
    held.user.promised.push(promised);
    await expectFigures();
    await holds.resolveDispute(w.user, disputed);
    await holds.cancelPromise(w.user, promised);
    held.user.disputed.pop();
    held.user.promised.pop();
    await expectFigures();
  });
});

describe("a held invoice paid at QuickBooks", () => {
  it("leaves Promised, Disputed and the disputed lines after the next sync", async () => {
    const before = await summary(w.user);
    const paid = [held.user.disputed.at(-1)!, held.user.promised.at(-1)!];
    for (const inv of paid) w.qb.control.createPayment(SAMPLE_REALM, { invoices: [{ id: inv.id }] });
    await syncNow(w.t.ctx, w.user.companyId);
    const store = realmOf(w.user);
    expect(stillOpen(store, paid)).toEqual([]);
    const afterPaid = await summary(w.user);
    expect(afterPaid).toMatchObject(expectedHeld(w.user, held.user));
    expect(afterPaid.promisedInvoices).toBe(before.promisedInvoices - 1);
    expect(afterPaid.disputedInvoices).toBe(before.disputedInvoices - 1);
    expect((await report({ disputed: "apart" })).disputed).toEqual(expectedDisputed(store));
    // The other company's figures do not move.
    expect(await summary(w.other)).toMatchObject(expectedHeld(w.other, held.other));
  });
});
