import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import {
  changedWorldForFile,
  dayText,
  expectedAgingTotals,
  expectedCustomers,
  listsOf,
  openInvoices,
  todayDay,
} from "./collections-fixture.ts";
import { invoiceDueIn, SAMPLE_REALM, syncNow } from "./kit/index.ts";

/** After the first sync, changed at "Intuit": one open invoice deleted, one voided, a payment left unapplied. */
const { w } = changedWorldForFile();
const { get, allPages } = listsOf(w);
type AgingRow = ReturnType<typeof expectedCustomers>[number];

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
    // No schedule of the company's own: everyone follows the standard one.
    schedule: { id: null, name: "Standard schedule" },
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
    await invoiceDueIn(w.qb.baseUrl, SAMPLE_REALM, -10, {
      customerId,
      amount: 1234.56,
      txnDate: dayText(todayDay - 40),
    });
    await syncNow(w.t.ctx, w.user.companyId);
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
