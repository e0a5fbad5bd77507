import { describe, expect, it } from "vitest";
import { SAMPLE_PLAN } from "../src/index.ts";
import { api, type Body, cents, OTHER_REALM, query, queryAll, REALM, rows, useApiSandbox } from "./api.ts";
import { ACCOUNTING_SCOPE, connect, discover } from "./flow.ts";

const t = useApiSandbox();

const TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/;
const META_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const today = () => new Date(Date.now() - 7 * 3600_000).toISOString().slice(0, 10);

describe("query", () => {
  it("counts with count(*) and pages with STARTPOSITION / MAXRESULTS in Intuit's envelope", async () => {
    const count = await query(t, "select count(*) from Invoice");
    expect(count.status).toBe(200);
    expect(count.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(count.headers.get("intuit_tid")).toMatch(/^1-[0-9a-f]{8}-[0-9a-f]{24}$/);
    expect(count.body).toEqual({ QueryResponse: { totalCount: 200 }, time: expect.stringMatching(TIME) });

    const first = await query(t, "SELECT * FROM Invoice STARTPOSITION 1 MAXRESULTS 50");
    const response = first.body.QueryResponse as Body;
    expect(Object.keys(response)).toEqual(["Invoice", "startPosition", "maxResults"]);
    expect(response).toMatchObject({ startPosition: 1, maxResults: 50 });
    const ids = new Set<string>();
    for (let start = 1; start <= 200; start += 50) {
      const page = rows(
        await query(t, `select * from Invoice startposition ${start} maxresults 50`),
        "Invoice",
      );
      expect(page).toHaveLength(50);
      for (const invoice of page) ids.add(invoice.Id as string);
    }
    expect(ids.size).toBe(200);
    const past = await query(t, "select * from Invoice startposition 201 maxresults 50");
    expect(past.body.QueryResponse).toEqual({});
    // Default page: 100 rows.
    expect(rows(await query(t, "select * from Invoice"), "Invoice")).toHaveLength(100);
  });

  it("filters with where / and / in / like and sorts with orderby", async () => {
    const overdue = await queryAll(
      t,
      `select * from Invoice where Balance > '0' and DueDate < '${today()}' orderby DueDate`,
      "Invoice",
    );
    expect(overdue.length).toBeGreaterThanOrEqual(SAMPLE_PLAN.overdue);
    const dueDates = overdue.map((i) => i.DueDate as string);
    expect([...dueDates].sort()).toEqual(dueDates);
    for (const invoice of overdue) expect(cents(invoice.Balance)).toBeGreaterThan(0);

    const desc = rows(await query(t, "select * from Invoice orderby TotalAmt desc maxresults 5"), "Invoice");
    const totals = desc.map((i) => i.TotalAmt as number);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);

    const three = rows(await query(t, "select * from Invoice startposition 10 maxresults 3"), "Invoice").map(
      (i) => i.Id,
    );
    const some = rows(
      await query(t, `select * from Invoice where Id in (${three.map((id) => `'${id}'`).join(", ")})`),
      "Invoice",
    );
    expect(some.map((i) => i.Id)).toEqual(three);
    const customers = rows(
      await query(t, "select * from Customer where DisplayName like '%a%' maxresults 1000"),
      "Customer",
    );
    expect(customers.length).toBeGreaterThan(0);
    for (const c of customers) expect((c.DisplayName as string).toLowerCase()).toContain("a");

    const customerId = (
      rows(await query(t, "select * from Invoice maxresults 1"), "Invoice")[0]!.CustomerRef as Body
    ).value;
    const theirs = await queryAll(t, `select * from Invoice where CustomerRef = '${customerId}'`, "Invoice");
    expect(theirs.every((i) => (i.CustomerRef as Body).value === customerId)).toBe(true);

    const since = await query(
      t,
      "select count(*) from Invoice where MetaData.LastUpdatedTime >= '2000-01-01T00:00:00-08:00'",
    );
    expect(since.body.QueryResponse).toEqual({ totalCount: 200 });
  });

  it("hides inactive customers unless Active is in the where clause", async () => {
    expect((await query(t, "select count(*) from Customer")).body.QueryResponse).toEqual({ totalCount: 28 });
    const all = await query(t, "select count(*) from Customer where Active in (true, false)");
    expect(all.body.QueryResponse).toEqual({ totalCount: 30 });
    const inactive = rows(await query(t, "select * from Customer where Active = false"), "Customer");
    expect(inactive).toHaveLength(2);
  });

  it("answers POST /query with an application/text body, and empty for entities without data", async () => {
    const res = await api(t, "/query?minorversion=75", {
      method: "POST",
      contentType: "application/text",
      body: "select * from Customer where Id = '1'",
    });
    expect(res.status).toBe(200);
    expect(rows(res, "Customer")).toHaveLength(1);
    expect((await query(t, "select * from Vendor")).body.QueryResponse).toEqual({});
    const info = rows(await query(t, "select * from CompanyInfo"), "CompanyInfo");
    expect(info[0]).toMatchObject({ CompanyName: "Sandbox Company US 1", Country: "US" });
  });

  it("answers a bad query with Intuit's QueryParserError fault, and MAXRESULTS over 1000 with 4001", async () => {
    const bad = await query(t, "select * fromm Invoice");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      Fault: {
        Error: [
          {
            Message: "Error parsing query",
            Detail: expect.stringMatching(
              /^QueryParserError: Encountered " <IDENTIFIER> "fromm "" at line 1, column 10\./,
            ),
            code: "4000",
          },
        ],
        type: "ValidationFault",
      },
      time: expect.stringMatching(TIME),
    });
    const tooMany = await query(t, "select * from Invoice maxresults 1001");
    expect(tooMany.status).toBe(400);
    expect((tooMany.body.Fault as { Error: Body[] }).Error[0]).toEqual({
      Message: "Invalid query",
      Detail: "QueryValidationError: value 1001 is too large. Max allowed value is 1000",
      code: "4001",
    });
    const field = await query(t, "select * from Invoice where Nope = '1'");
    expect((field.body.Fault as { Error: Body[] }).Error[0]).toMatchObject({ code: "4001" });
    const lexical = await query(t, "select * from Invoice where Balance > '0' ; drop");
    expect((lexical.body.Fault as { Error: Body[] }).Error[0]).toMatchObject({ code: "4000" });
  });
});

describe("entities", () => {
  it("reads single entities in Intuit's shape, accepting any minorversion", async () => {
    const res = await api(t, "/invoice/1?minorversion=75");
    expect(res.status).toBe(200);
    const invoice = res.body.Invoice as Body;
    expect(res.body.time).toMatch(TIME);
    expect(invoice).toMatchObject({
      domain: "QBO",
      sparse: false,
      Id: "1",
      SyncToken: expect.stringMatching(/^\d+$/),
    });
    expect((invoice.MetaData as Body).CreateTime).toMatch(META_TIME);
    expect(invoice.CurrencyRef).toEqual({ value: expect.any(String), name: expect.any(String) });
    expect(invoice.CustomerRef).toEqual({ value: expect.stringMatching(/^\d+$/), name: expect.any(String) });
    expect(invoice.TxnDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(invoice.DocNumber).toMatch(/^\d+$/);
    expect(Array.isArray(invoice.Line)).toBe(true);
    cents(invoice.TotalAmt);
    cents(invoice.Balance);

    for (const version of ["4", "65", "75"])
      expect((await api(t, `/invoice/1?minorversion=${version}`)).status).toBe(200);
    expect((await api(t, "/Invoice/1")).status).toBe(200);

    const customer = (await api(t, "/customer/1")).body.Customer as Body;
    expect(customer).toMatchObject({ Id: "1", Active: true, DisplayName: expect.any(String) });
    const info = await api(t, `/companyinfo/${REALM}?minorversion=75`);
    expect(info.body.CompanyInfo).toMatchObject({
      CompanyName: "Sandbox Company US 1",
      DefaultTimeZone: "America/Los_Angeles",
    });
  });

  it("answers an unknown id with Object Not Found and a write with Unsupported Operation", async () => {
    const missing = await api(t, "/invoice/999999");
    expect(missing.status).toBe(400);
    expect((missing.body.Fault as Body).type).toBe("ValidationFault");
    expect((missing.body.Fault as { Error: Body[] }).Error[0]).toMatchObject({
      Message: "Object Not Found",
      code: "610",
    });
    const write = await api(t, "/invoice", { method: "POST", contentType: "application/json", body: "{}" });
    expect(write.status).toBe(400);
    expect((write.body.Fault as { Error: Body[] }).Error[0]).toMatchObject({ code: "500" });
  });

  it("keeps balances exact: invoice = total − payments − credits, customer = sum of open invoices", async () => {
    const invoices = await queryAll(t, "select * from Invoice", "Invoice");
    const payments = await queryAll(t, "select * from Payment", "Payment");
    const applied = new Map<string, number>();
    for (const payment of payments) {
      for (const line of payment.Line as Body[]) {
        for (const link of line.LinkedTxn as Body[]) {
          if (link.TxnType === "Invoice")
            applied.set(link.TxnId as string, (applied.get(link.TxnId as string) ?? 0) + cents(line.Amount));
        }
      }
    }
    const open = new Map<string, number>();
    for (const invoice of invoices) {
      const expected = cents(invoice.TotalAmt) - (applied.get(invoice.Id as string) ?? 0);
      expect(cents(invoice.Balance)).toBe(expected);
      const customerId = (invoice.CustomerRef as Body).value as string;
      open.set(customerId, (open.get(customerId) ?? 0) + cents(invoice.Balance));
    }
    const customers = await queryAll(t, "select * from Customer where Active in (true, false)", "Customer");
    for (const customer of customers)
      expect(cents(customer.Balance)).toBe(open.get(customer.Id as string) ?? 0);

    const voided = invoices.filter((i) => i.PrivateNote === "Voided");
    expect(voided).toHaveLength(SAMPLE_PLAN.voided);
    for (const v of voided) expect([v.TotalAmt, v.Balance]).toEqual([0, 0]);
  });
});

describe("authorization", () => {
  it("serves a token from the real consent flow, for the company chosen there only", async () => {
    const config = await discover(t.sandbox.baseUrl);
    const ada = t.sandbox.users()[0]!;
    const { tokens } = await connect(config, t.sandbox.baseUrl, ACCOUNTING_SCOPE, {
      user: ada.sub,
      realmId: OTHER_REALM,
    });
    const ok = await query(t, "select count(*) from Customer", {
      token: tokens.access_token,
      realm: OTHER_REALM,
    });
    expect(ok.status).toBe(200);
    const elsewhere = await query(t, "select count(*) from Customer", {
      token: tokens.access_token,
      realm: REALM,
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toMatchObject({
      fault: {
        error: [{ message: "message=AuthorizationFailed; errorCode=003100; statusCode=403", code: "3100" }],
        type: "SERVICE",
      },
    });
  });

  it("answers 401 with Intuit's gateway fault without a valid bearer token", async () => {
    const none = await query(t, "select * from Customer", { token: "x" });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      warnings: null,
      fault: {
        error: [
          {
            message: "message=AuthenticationFailed; errorCode=003200; statusCode=401",
            detail: "Malformed bearer token: too short or too long",
            code: "3200",
            element: null,
          },
        ],
        type: "AUTHENTICATION",
      },
      time: expect.any(Number),
      cdcresponse: [],
    });
    const unknown = await query(t, "select * from Customer", { token: `${t.token.slice(0, -4)}AAAA` });
    expect(unknown.status).toBe(401);
  });
});
