import { apiPaths } from "@recoup/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema/index.ts";
import { changedWorldForFile, expectedInvoiceRow, listsOf, TODAY } from "./collections-fixture.ts";

/** After the first sync, changed at "Intuit": one open invoice deleted, one voided, a payment left unapplied. */
const { w, changed } = changedWorldForFile();
const { get, allPages } = listsOf(w);

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
      .where(and(eq(invoices.companyId, w.user.companyId), eq(invoices.qbId, changed.deletedId)));
    expect(kept?.deletedAt).toBeInstanceOf(Date);
    expect(rows.find((r) => r.id === changed.voidedId)).toMatchObject({
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
