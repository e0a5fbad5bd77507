import { createServer } from "node:http";
import { AGING_CSV_HEADER, agingSortFields, apiPaths } from "@recoup/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema/index.ts";
import { agingBatches } from "../src/modules/invoices/index.ts";
import {
  dayText,
  expectedAgingTotals,
  expectedCustomers,
  expectedInvoiceRow,
  openInvoices,
  startWorld,
  syncChanges,
  TODAY,
  todayDay,
  type World,
} from "./collections-fixture.ts";
import { SAMPLE_REALM } from "./kit.ts";

let w: World;
/** Changed at "Intuit" after the first sync: one open invoice deleted, one voided, a payment left unapplied. */
let deletedId: string;
let voidedId: string;

beforeAll(async () => {
  w = await startWorld();
  const [toDelete, toVoid] = openInvoices(w.store()).filter((inv) => inv.balance === inv.total);
  deletedId = String(toDelete!.id);
  voidedId = String(toVoid!.id);
  w.qb.control.deleteInvoice(SAMPLE_REALM, deletedId);
  w.qb.control.voidInvoice(SAMPLE_REALM, voidedId);
  // Money received but not applied: QuickBooks' Customer.Balance drops, no invoice's balance does.
  w.qb.control.createPayment(SAMPLE_REALM, { customerId: toVoid!.customerId, amount: 25, txnDate: TODAY });
  await syncChanges(w);
});
afterAll(async () => {
  await w?.close();
});

const get = (path: string, params: Record<string, string | number> = {}) =>
  w.call("GET", `${path}?${new URLSearchParams({ companyId: w.user.companyId, ...toText(params) })}`, {
    token: w.user.token,
  });
const toText = (p: Record<string, string | number>) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)]));

/** Every page of a list, in order. */
async function allPages<T>(path: string, params: Record<string, string | number>, key: string, size = 100) {
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

type Row = ReturnType<typeof expectedInvoiceRow>;
const invoiceList = (params: Record<string, string | number> = {}) =>
  allPages<Row>(apiPaths.invoices.list, params, "invoices");

describe("invoice list", () => {
  it("shows each invoice as QuickBooks has it: status, days overdue, amounts; deleted ones left out", async () => {
    const store = w.store();
    const { rows, total } = await invoiceList();
    expect(total).toBe(store.invoices.size);
    expect(rows.map((r) => r.id).sort()).toEqual([...store.invoices.keys()].map(String).sort());
    for (const row of rows)
      expect(row).toEqual(expectedInvoiceRow(store, store.invoices.get(Number(row.id))!));
    // The deletion reached the database as a mark, and the list leaves the row out.
    const [kept] = await w.t.ctx.db
      .select({ deletedAt: invoices.deletedAt })
      .from(invoices)
      .where(and(eq(invoices.companyId, w.user.companyId), eq(invoices.qbId, deletedId)));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === voidedId)).toMatchObject({
      status: "Voided",
      balanceCents: 0,
      daysOverdue: 0,
    });
    const statuses = new Set(rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual(["Open", "Overdue", "Paid", "Voided"]);
    const res = await get(apiPaths.invoices.list);
    expect(res.json.data).toMatchObject({ page: 1, limit: 10, asOf: TODAY });
    expect(res.json.data.invoices).toHaveLength(10);
  });

  it("filters by status and by customer", async () => {
    const store = w.store();
    const all = [...store.invoices.values()].map((inv) => expectedInvoiceRow(store, inv));
    const expectIds = async (params: Record<string, string>, keep: (r: Row) => boolean) => {
      const { rows } = await invoiceList(params);
      expect(rows.map((r) => r.id).sort()).toEqual(
        all
          .filter(keep)
          .map((r) => r.id)
          .sort(),
      );
    };
    await expectIds({ status: "paid" }, (r) => r.status === "Paid");
    await expectIds({ status: "open" }, (r) => r.status === "Open");
    await expectIds({ status: "overdue" }, (r) => r.status === "Overdue");
    await expectIds({ status: "voided" }, (r) => r.status === "Voided");
    await expectIds({ status: "unpaid" }, (r) => r.status === "Open" || r.status === "Overdue");
    const customerRef = all.find((r) => r.status === "Overdue")!.customerRef;
    await expectIds({ customerRef }, (r) => r.customerRef === customerRef);
    await expectIds(
      { customerRef, status: "overdue" },
      (r) => r.customerRef === customerRef && r.status === "Overdue",
    );
  });

  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const rank = { Paid: 0, Open: 1, Overdue: 2, Voided: 3 } as const;
  const numeric: Record<string, (r: Row) => number | string> = {
    docNumber: (r) => r.docNumber,
    txnDate: (r) => r.txnDate,
    dueDate: (r) => r.dueDate,
    total: (r) => r.totalCents,
    balance: (r) => r.balanceCents,
    status: (r) => rank[r.status as keyof typeof rank],
    daysOverdue: (r) => r.daysOverdue,
  };
  for (const [sortField, key] of Object.entries(numeric)) {
    it(`sorts by ${sortField} both ways, ties broken by id, across pages`, async () => {
      const store = w.store();
      const expected = [...store.invoices.values()]
        .map((inv) => expectedInvoiceRow(store, inv))
        .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : byId(a, b)));
      const asc = await invoiceList({ sortField, sortOrder: "asc" });
      expect(asc.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      const desc = await invoiceList({ sortField, sortOrder: "desc" });
      expect(desc.rows.map((r) => r.id)).toEqual(expected.map((r) => r.id).reverse());
    });
  }

  it("sorts by customer name (the database's collation), ties broken by id", async () => {
    const asc = (await invoiceList({ sortField: "customerName", sortOrder: "asc" })).rows;
    const desc = (await invoiceList({ sortField: "customerName", sortOrder: "desc" })).rows;
    expect(desc.map((r) => r.id)).toEqual(asc.map((r) => r.id).reverse());
    const initials = asc.map((r) => r.customerName[0]!.toUpperCase());
    expect(initials).toEqual([...initials].sort());
    for (let i = 1; i < asc.length; i++) {
      if (asc[i]!.customerName === asc[i - 1]!.customerName)
        expect(byId(asc[i - 1]!, asc[i]!)).toBeLessThan(0);
    }
  });

  it("pages without gaps or repeats, and reports the total on every page", async () => {
    const whole = (await invoiceList({ sortField: "dueDate" })).rows.map((r) => r.id);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 7); page++) {
      const res = await get(apiPaths.invoices.list, { sortField: "dueDate", page, limit: 7 });
      expect(res.json.data.total).toBe(whole.length);
      paged.push(...res.json.data.invoices.map((r: Row) => r.id));
    }
    expect(paged).toEqual(whole);
    const past = await get(apiPaths.invoices.list, { page: 1000 });
    expect(past.json.data).toMatchObject({ invoices: [], total: whole.length });
  });

  it("searches number, customer name and email, ignoring case, with % and _ taken literally", async () => {
    const store = w.store();
    const rows = [...store.invoices.values()].map((inv) => expectedInvoiceRow(store, inv));
    const matching = (text: string) =>
      rows
        .filter((r) =>
          [r.docNumber, r.customerName, r.email ?? ""].some((f) =>
            f.toLowerCase().includes(text.toLowerCase()),
          ),
        )
        .map((r) => r.id)
        .sort();
    const withEmail = rows.find((r) => r.email)!;
    for (const text of [
      rows[0]!.docNumber,
      withEmail.customerName.split(" ")[0]!.toUpperCase(),
      withEmail.email!.split("@")[0]!.slice(2, 9),
      "example.COM",
    ]) {
      const found = (await invoiceList({ searchQuery: text })).rows.map((r) => r.id).sort();
      expect(found.length).toBeGreaterThan(0);
      expect(found, text).toEqual(matching(text));
    }
    for (const literal of ["%", "_", "1_0", "10%", "\\"]) {
      const found = await invoiceList({ searchQuery: literal });
      expect(found.rows.map((r) => r.id).sort(), literal).toEqual(matching(literal));
    }
    expect((await invoiceList({ searchQuery: "  " })).total).toBe(rows.length);
  });
});

type AgingRow = ReturnType<typeof expectedCustomers>[number];
const agingKey = (r: AgingRow) => ({
  customerRef: r.customerRef,
  customerName: r.name,
  currency: r.currency,
  current: r.current,
  days1to30: r.days1to30,
  days31to60: r.days31to60,
  days61to90: r.days61to90,
  over90: r.over90,
  total: r.total,
});

describe("aging report", () => {
  it("has one row per customer with an open balance, bucketed by days past due, and totals per currency", async () => {
    const store = w.store();
    const { rows, total } = await allPages<unknown>(apiPaths.invoices.ageReport, {}, "rows");
    const expected = expectedCustomers(store).map(agingKey);
    expect(total).toBe(expected.length);
    expect(rows).toEqual(
      [...expected].sort((a, b) => b.total - a.total || (a.customerRef < b.customerRef ? 1 : -1)),
    );
    const first = await get(apiPaths.invoices.ageReport, { size: 2 });
    expect(first.json.data).toMatchObject({ page: 1, size: 2, total: expected.length, asOf: TODAY });
    expect(first.json.data.rows).toHaveLength(2);
    // The totals cover every customer, not just the page; more than one currency, never mixed.
    expect(first.json.data.totals).toEqual(
      expectedAgingTotals(store).sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    );
    expect(first.json.data.totals.length).toBeGreaterThan(1);
  });

  it("sorts by each bucket both ways and searches customers", async () => {
    const expected = expectedCustomers(w.store()).map(agingKey);
    for (const sortField of [
      "current",
      "days1to30",
      "days31to60",
      "days61to90",
      "over90",
      "total",
    ] as const) {
      const sorted = [...expected].sort(
        (a, b) => a[sortField] - b[sortField] || (a.customerRef < b.customerRef ? -1 : 1),
      );
      const asc = await allPages<AgingRow>(
        apiPaths.invoices.ageReport,
        { sortField, sortOrder: "asc" },
        "rows",
        7,
      );
      expect(asc.rows.map((r) => r.customerRef)).toEqual(sorted.map((r) => r.customerRef));
      const desc = await allPages<AgingRow>(
        apiPaths.invoices.ageReport,
        { sortField, sortOrder: "desc" },
        "rows",
      );
      expect(desc.rows.map((r) => r.customerRef)).toEqual(sorted.map((r) => r.customerRef).reverse());
    }
    const someone = expected.find((r) => r.currency !== "USD")!;
    const word = someone.customerName.split(" ")[0]!.toLowerCase();
    const res = await get(apiPaths.invoices.ageReport, { searchQuery: word });
    const matching = expected.filter((r) => r.customerName.toLowerCase().includes(word));
    expect(res.json.data.rows.map((r: AgingRow) => r.customerRef).sort()).toEqual(
      matching.map((r) => r.customerRef).sort(),
    );
    // The totals follow the search.
    const currencies = [...new Set(matching.map((r) => r.currency))].sort();
    expect(res.json.data.totals.map((t: { currency: string }) => t.currency)).toEqual(currencies);
    expect(res.json.data.totals.reduce((n: number, t: { total: number }) => n + t.total, 0)).toBe(
      matching.reduce((n, r) => n + r.total, 0),
    );
  });

  const decimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
  const csvName = (name: string) => (/[",]/.test(name) ? `"${name.replaceAll('"', '""')}"` : name);

  it("exports as CSV: the header, a line per customer in the report's order, a Total line per currency", async () => {
    const store = w.store();
    const res = await w.call(
      "GET",
      `${apiPaths.invoices.ageReportCsv}?companyId=${w.user.companyId}&sortField=customerName&sortOrder=asc&page=3&size=1`,
      { token: w.user.token },
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="aging-report-${TODAY}.csv"`);
    const lines = res.text.split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(AGING_CSV_HEADER.join(","));
    const report = await allPages<{ customerRef: string }>(
      apiPaths.invoices.ageReport,
      { sortField: "customerName", sortOrder: "asc" },
      "rows",
    );
    const byRef = new Map(expectedCustomers(store).map((r) => [r.customerRef, r]));
    const amounts = (
      r: Omit<
        AgingRow,
        "customerRef" | "name" | "email" | "currency" | "openInvoices" | "overdue" | "oldestDueDate"
      >,
    ) => [r.current, r.days1to30, r.days31to60, r.days61to90, r.over90, r.total].map(decimal).join(",");
    const body = report.rows.map((row) => {
      const r = byRef.get(row.customerRef)!;
      return `${csvName(r.name)},${r.currency},${amounts(r)}`;
    });
    const totals = expectedAgingTotals(store)
      .sort((a, b) => (a.currency < b.currency ? -1 : 1))
      .map((t) => `Total,${t.currency},${amounts(t)}`);
    expect(lines.slice(1, -1)).toEqual([...body, ...totals]);
  });

  it("reads the whole report in keyset batches that follow every sort, without gaps or repeats", async () => {
    for (const sortField of agingSortFields) {
      for (const sortOrder of ["asc", "desc"] as const) {
        const report = await allPages<{ customerRef: string }>(
          apiPaths.invoices.ageReport,
          { sortField, sortOrder },
          "rows",
        );
        const batched: string[] = [];
        const params = { companyId: w.user.companyId, today: TODAY, sortField, sortOrder, search: undefined };
        for await (const batch of agingBatches(w.t.ctx.db, params, 4)) {
          expect(batch.length).toBeLessThanOrEqual(4);
          batched.push(...batch.map((r) => r.customerRef));
        }
        expect(batched, `${sortField} ${sortOrder}`).toEqual(report.rows.map((r) => r.customerRef));
      }
    }
  });

  it("streams the CSV (chunked, no content-length)", async () => {
    const server = createServer((req, res) => w.t.app.routing(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(
        `http://127.0.0.1:${port}${apiPaths.invoices.ageReportCsv}?companyId=${w.user.companyId}`,
        {
          headers: { authorization: `Bearer ${w.user.token}` },
        },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("transfer-encoding")).toBe("chunked");
      expect(res.headers.get("content-length")).toBeNull();
      const text = await res.text();
      expect(text.split("\r\n").filter((l) => l.startsWith("Total,")).length).toBe(
        expectedAgingTotals(w.store()).length,
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("customers with an open balance", () => {
  type CustomerRow = { customerRef: string; name: string; tags: string[] } & Record<string, unknown>;
  const customerList = (params: Record<string, string | number> = {}) =>
    allPages<CustomerRow>(apiPaths.customers.outstanding, params, "customers");
  const expectedRow = (r: AgingRow) => ({
    customerRef: r.customerRef,
    name: r.name,
    email: r.email,
    currency: r.currency,
    openInvoices: r.openInvoices,
    outstandingCents: r.total,
    overdueCents: r.overdue,
    oldestDueDate: r.oldestDueDate,
    tags: [],
  });

  it("shows name, email, open invoices, outstanding, overdue and oldest due date, from the invoices", async () => {
    const expected = expectedCustomers(w.store()).map(expectedRow);
    const { rows, total } = await customerList();
    expect(total).toBe(expected.length);
    expect(rows).toEqual(
      [...expected].sort(
        (a, b) => b.outstandingCents - a.outstandingCents || (a.customerRef < b.customerRef ? 1 : -1),
      ),
    );
    // Balances come from invoices, never QuickBooks' Customer.Balance (which nets credits and unapplied payments).
    const store = w.store();
    expect(rows.some((r) => store.customers.get(Number(r.customerRef))!.balance !== r.outstandingCents)).toBe(
      true,
    );
  });

  it("sorts by each field, searches name and email, pages", async () => {
    const expected = expectedCustomers(w.store()).map(expectedRow);
    const numericFields = {
      openInvoices: (r: ReturnType<typeof expectedRow>) => r.openInvoices,
      outstanding: (r: ReturnType<typeof expectedRow>) => r.outstandingCents,
      overdue: (r: ReturnType<typeof expectedRow>) => r.overdueCents,
      oldestDueDate: (r: ReturnType<typeof expectedRow>) => r.oldestDueDate ?? "",
    };
    for (const [sortBy, key] of Object.entries(numericFields)) {
      const sorted = [...expected].sort((a, b) =>
        key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.customerRef < b.customerRef ? -1 : 1,
      );
      const asc = await allPages<CustomerRow>(
        apiPaths.customers.outstanding,
        { sortBy, sortOrder: "asc" },
        "customers",
        4,
      );
      expect(
        asc.rows.map((r) => r.customerRef),
        sortBy,
      ).toEqual(sorted.map((r) => r.customerRef));
      const desc = await customerList({ sortBy, sortOrder: "desc" });
      expect(
        desc.rows.map((r) => r.customerRef),
        sortBy,
      ).toEqual(sorted.map((r) => r.customerRef).reverse());
    }
    for (const sortBy of ["name", "email"]) {
      const asc = (await customerList({ sortBy, sortOrder: "asc" })).rows.map((r) => r.customerRef);
      const desc = (await customerList({ sortBy, sortOrder: "desc" })).rows.map((r) => r.customerRef);
      expect(desc).toEqual([...asc].reverse());
    }
    const byName = (await customerList({ sortBy: "name", sortOrder: "asc" })).rows;
    const initials = byName.map((r) => r.name[0]!.toUpperCase());
    expect(initials).toEqual([...initials].sort());

    const withEmail = expected.find((r) => r.email)!;
    for (const text of [withEmail.name.split(" ").at(-1)!.toUpperCase(), withEmail.email!.slice(0, 12)]) {
      const found = (await customerList({ search: text })).rows.map((r) => r.customerRef).sort();
      const want = expected
        .filter((r) => [r.name, r.email ?? ""].some((f) => f.toLowerCase().includes(text.toLowerCase())))
        .map((r) => r.customerRef)
        .sort();
      expect(found.length).toBeGreaterThan(0);
      expect(found, text).toEqual(want);
    }
    expect((await customerList({ search: "no such customer %" })).rows).toEqual([]);
    const past = await get(apiPaths.customers.outstanding, { page: 50 });
    expect(past.json.data).toMatchObject({ customers: [], total: expected.length });
  });
});

// Last: it changes the sample company. Totals, pages and the dashboard are kept per data version.
describe("figures after a change", () => {
  const overview = async () => {
    const [list, overdue, aging, customers, dashboard] = await Promise.all([
      get(apiPaths.invoices.list),
      get(apiPaths.invoices.list, { status: "overdue" }),
      get(apiPaths.invoices.ageReport, { size: 100 }),
      get(apiPaths.customers.outstanding, { limit: 100 }),
      get(apiPaths.dashboard.summary),
    ]);
    return {
      total: list.json.data.total as number,
      overdue: overdue.json.data.total as number,
      agingTotals: aging.json.data.totals as { currency: string; total: number }[],
      customers: customers.json.data.customers as {
        customerRef: string;
        outstandingCents: number;
        tags: string[];
      }[],
      openInvoices: dashboard.json.data.openInvoices as number,
    };
  };
  const expected = () => {
    const store = w.store();
    const open = openInvoices(store);
    return {
      total: store.invoices.size,
      overdue: open.filter((inv) => inv.dueDate < todayDay).length,
      agingTotals: expectedAgingTotals(store)
        .map((t) => ({ currency: t.currency, total: t.total }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      openInvoices: open.length,
    };
  };
  const figures = (o: Awaited<ReturnType<typeof overview>>) => ({
    total: o.total,
    overdue: o.overdue,
    agingTotals: o.agingTotals.map((t) => ({ currency: t.currency, total: t.total })),
    openInvoices: o.openInvoices,
  });

  it("shows a change synced from QuickBooks at once, and a tag as soon as it is saved", async () => {
    expect(figures(await overview())).toEqual(expected());
    expect(figures(await overview())).toEqual(expected()); // served again, unchanged

    const store = w.store();
    const before = store.invoices.size;
    const [paid] = openInvoices(store).filter((inv) => inv.dueDate < todayDay);
    const customerId = paid!.customerId;
    w.qb.control.payInvoice(SAMPLE_REALM, paid!.id);
    w.qb.control.createInvoice(SAMPLE_REALM, {
      customerId,
      amount: 1234.56,
      txnDate: dayText(todayDay - 40),
      dueDate: dayText(todayDay - 10),
    });
    await syncChanges(w);
    const after = await overview();
    expect(figures(after)).toEqual(expected());
    expect(after.total).toBe(before + 1);
    const customer = after.customers.find((c) => c.customerRef === String(customerId))!;
    const owed = openInvoices(w.store())
      .filter((inv) => inv.customerId === customerId)
      .reduce((cents, inv) => cents + inv.balance, 0);
    expect(customer.outstandingCents).toBe(owed);

    const tagged = await w.call("POST", apiPaths.customers.editTags, {
      token: w.user.token,
      body: { realmId: w.user.realmId, customerRef: String(customerId), tags: ["Slow payer"] },
    });
    expect(tagged.status).toBe(200);
    const withTag = (await overview()).customers.find((c) => c.customerRef === String(customerId))!;
    expect(withTag.tags).toEqual(["Slow payer"]);
  });
});
