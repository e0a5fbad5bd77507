import { createServer } from "node:http";
import { AGING_CSV_HEADER, agingSortFields, apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { agingBatches } from "../src/modules/invoices/index.ts";
import {
  changedWorldForFile,
  expectedAgingTotals,
  expectedCustomers,
  listsOf,
  TODAY,
} from "./collections-fixture.ts";

/** After the first sync, changed at "Intuit": one open invoice deleted, one voided, a payment left unapplied. */
const { w } = changedWorldForFile();
const { get, allPages } = listsOf(w);

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
