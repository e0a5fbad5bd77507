import { describe, expect, it } from "vitest";
import {
  dumpCompany,
  generateLargeCompany,
  generateSampleCompany,
  parseQuery,
  QueryError,
  SAMPLE_PLAN,
  summarize,
} from "../src/index.ts";
import { api, cents, DATA_NOW, query, queryAll, REALM, rows, startApiSandbox } from "./api.ts";

const NOW = Date.parse(DATA_NOW);
const sample = (seed: number) => generateSampleCompany({ realmId: REALM, name: "Sample", seed, now: NOW });

describe("sample company", () => {
  it("is the same for the same seed and now, and different for another seed", () => {
    const a = JSON.stringify(dumpCompany(sample(7)));
    const b = JSON.stringify(dumpCompany(sample(7)));
    expect(a).toBe(b);
    expect(JSON.stringify(dumpCompany(sample(8)))).not.toBe(a);
  });

  it("covers every state a collections app meets", () => {
    const store = sample(1);
    const s = summarize(store, NOW);
    expect(s.customers).toEqual({
      total: 30,
      active: 28,
      withEmail: 24,
      byCurrency: { USD: 22, CAD: 4, EUR: 2, GBP: 2 },
    });
    expect(s.invoices).toMatchObject({
      total: 200,
      // Paid in full, plus those a credit memo covers entirely.
      paid: SAMPLE_PLAN.paid + 4,
      partlyPaid: SAMPLE_PLAN.partial + 8,
      current: SAMPLE_PLAN.current,
      overdue: SAMPLE_PLAN.overdue,
      voided: SAMPLE_PLAN.voided,
      withCreditApplied: SAMPLE_PLAN.credit,
    });
    expect(s.invoices.overdueBuckets["181+"]).toBe(0);
    for (const bucket of ["1-30", "31-60", "61-90", "91-180"] as const) {
      expect(s.invoices.overdueBuckets[bucket]).toBeGreaterThan(5);
    }
    expect(s.invoices.withoutEmail).toBeGreaterThan(0);
    expect(Object.keys(s.invoices.byCurrency).sort()).toEqual(["CAD", "EUR", "GBP", "USD"]);
    expect(s.creditMemos).toBe(SAMPLE_PLAN.credit);

    const today = Math.floor((NOW - 7 * 3600_000) / 86400_000);
    const lateDays = [...store.invoices.values()]
      .filter((i) => !i.voided && i.balance === i.total && i.dueDate < today)
      .map((i) => today - i.dueDate);
    expect(Math.min(...lateDays)).toBe(1);
    expect(Math.max(...lateDays)).toBe(180);
    // Some payments pay two invoices at once.
    expect([...store.payments.values()].some((p) => p.links.length === 6 && p.total > 0)).toBe(true);
  });

  it("has customers with two addresses in PrimaryEmailAddr, and invoices copied and blind-copied", async () => {
    const t = await startApiSandbox();
    try {
      type Addressed = { Address?: string } | undefined;
      const address = (field: unknown) => (field as Addressed)?.Address ?? "";
      const customers = await queryAll(t, "select * from Customer where Active in (true, false)", "Customer");
      const two = customers.filter((c) => address(c.PrimaryEmailAddr).includes(", "));
      expect(two.length).toBe(6);
      expect(address(two[0]!.PrimaryEmailAddr)).toMatch(/^[^,\s]+@[^,]+, ap@[^,]+$/);
      const invoices = await queryAll(t, "select * from Invoice", "Invoice");
      expect(invoices.filter((i) => address(i.BillEmailCc)).length).toBeGreaterThan(20);
      expect(invoices.filter((i) => address(i.BillEmailBcc)).length).toBeGreaterThan(10);
      // A copy goes only with a BillEmail.
      expect(invoices.every((i) => !i.BillEmailCc || i.BillEmail)).toBe(true);
    } finally {
      await t.sandbox.close();
    }
  });

  it("is served for the realms on the consent page and comes back on reset", async () => {
    const t = await startApiSandbox({ dataNow: DATA_NOW, seed: 1 });
    try {
      const first = await query(t, "select * from Invoice maxresults 1000");
      expect(rows(first, "Invoice")).toHaveLength(200);
      const expected = dumpCompany(sample(1)).Invoice;
      expect(rows(first, "Invoice")).toEqual(expected);
      t.sandbox.control.payInvoice(REALM, expected.find((i) => (i.Balance as number) > 0)!.Id as string);
      t.sandbox.control.resetRealm(REALM);
      expect(rows(await query(t, "select * from Invoice maxresults 1000"), "Invoice")).toEqual(expected);
      expect(t.sandbox.companies().map((c) => c.realmId)).toEqual(["9341452000000001", "9341452000000002"]);
    } finally {
      await t.sandbox.close();
    }
  });
});

describe("large company", () => {
  it("generates 10,000 customers, 100,000 invoices and 60,000 payments in seconds", () => {
    const started = performance.now();
    const store = generateLargeCompany({ realmId: "9341452000000100", name: "Big", now: NOW });
    const ms = performance.now() - started;
    expect([store.customers.size, store.invoices.size, store.payments.size]).toEqual([
      10_000, 100_000, 60_000,
    ]);
    expect(ms).toBeLessThan(10_000);
    const s = summarize(store, NOW);
    expect(s.invoices.paid).toBe(57_000);
    expect(s.invoices.partlyPaid).toBe(3_000);
    expect(s.invoices.voided).toBe(1_000);
    expect(s.invoices.current + s.invoices.overdue).toBe(39_000);
  });

  it("is created through the control API and paged through the API", async () => {
    const t = await startApiSandbox();
    try {
      const big = t.sandbox.control.createCompany({
        name: "Big Co",
        data: "large",
        size: { customers: 2_000, invoices: 20_000, payments: 12_000 },
      });
      expect(big.counts).toEqual({ customers: 2_000, invoices: 20_000, payments: 12_000, creditMemos: 0 });
      expect(t.sandbox.companies().map((c) => c.name)).toContain("Big Co");
      const token = (await t.sandbox.control.issueTokens(big.realmId)).access_token;
      const count = await query(t, "select count(*) from Invoice where Balance > '0'", {
        token,
        realm: big.realmId,
      });
      expect(count.body.QueryResponse).toEqual({ totalCount: 20_000 - 12_000 * 0.95 - 200 });
      const last = await query(
        t,
        "select * from Invoice orderby MetaData.LastUpdatedTime startposition 19001 maxresults 1000",
        {
          token,
          realm: big.realmId,
        },
      );
      expect(rows(last, "Invoice")).toHaveLength(1000);
      const page = rows(last, "Invoice");
      for (const invoice of page.slice(0, 50)) cents(invoice.Balance);
      expect(
        (await api(t, `/companyinfo/${big.realmId}`, { token, realm: big.realmId })).body.CompanyInfo,
      ).toMatchObject({
        CompanyName: "Big Co",
      });
    } finally {
      await t.sandbox.close();
    }
  });
});

describe("query parser", () => {
  it("parses what Recoup sends, case-insensitively", () => {
    expect(
      parseQuery(
        "SeLeCt * FROM Invoice WHERE MetaData.LastUpdatedTime > '2025-01-01T00:00:00-08:00' AND CustomerRef IN ('1','2') ORDER BY DueDate DESC, Id STARTPOSITION 11 MAXRESULTS 10",
      ),
    ).toEqual({
      count: false,
      entity: "Invoice",
      where: [
        {
          field: "MetaData.LastUpdatedTime",
          op: ">",
          values: [{ kind: "string", text: "2025-01-01T00:00:00-08:00" }],
        },
        {
          field: "CustomerRef",
          op: "in",
          values: [
            { kind: "string", text: "1" },
            { kind: "string", text: "2" },
          ],
        },
      ],
      orderBy: [
        { field: "DueDate", desc: true },
        { field: "Id", desc: false },
      ],
      startPosition: 11,
      maxResults: 10,
    });
    expect(
      parseQuery("select count(*) from Customer where DisplayName = 'Cutlery \\'R Us'").where[0]!.values[0]!
        .text,
    ).toBe("Cutlery 'R Us");
  });

  it("fails like Intuit's parser", () => {
    const fail = (text: string) => {
      try {
        parseQuery(text);
      } catch (error) {
        return error as QueryError;
      }
      throw new Error("parsed");
    };
    expect(fail("")).toMatchObject({ code: "4000", message: "Error parsing query" });
    expect(fail("select * from Invoice where Id = 'x' or Id = 'y'")).toMatchObject({ code: "4001" });
    expect(fail("select * from Invoice maxresults")).toBeInstanceOf(QueryError);
    expect(fail("select * from Invoice where Balance % 2").detail).toMatch(
      /Lexical error at line 1, column 37/,
    );
  });
});
