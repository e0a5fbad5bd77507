import { describe, expect, it } from "vitest";
import { api, type Body, cents, query, queryAll, REALM, rows } from "./api.ts";
import { firstOpenInvoice, sumLines, useControlSandbox } from "./control-sandbox.ts";

const t = useControlSandbox();
const control = () => t.sandbox.control;

describe("control changes and CDC", () => {
  it("shows creations, updates, a void and a deletion in CDC, deleted objects last", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const empty = await api(
      t,
      `/cdc?entities=Customer,Invoice,Payment,CreditMemo&changedSince=${encodeURIComponent(since)}&minorversion=75`,
    );
    expect(empty.status).toBe(200);
    expect(empty.body.CDCResponse).toEqual([{ QueryResponse: [{}, {}, {}, {}] }]);

    const payments0 = rows(
      await query(t, "select * from Payment where TotalAmt > '0' maxresults 100"),
      "Payment",
    );
    const paid = payments0.find((p) => (p.Line as Body[]).length === 1)!;
    const paidInvoiceId = ((paid.Line as Body[])[0]!.LinkedTxn as Body[])[0]!.TxnId as string;
    const open = await firstOpenInvoice(t);
    const step = () => {
      t.offset.ms += 1000;
    };
    const customer = control().createCustomer(REALM, {
      displayName: "Acme Test Co",
      email: "ap@acme.example.com",
    });
    step();
    const invoice = control().createInvoice(REALM, {
      customerId: customer.Id as string,
      amount: 250.5,
      term: "Net 15",
    });
    step();
    const voided = control().voidInvoice(REALM, paidInvoiceId);
    step();
    const deleted = control().deleteInvoice(REALM, open.Id as string);

    expect(voided).toMatchObject({ TotalAmt: 0, Balance: 0, PrivateNote: expect.stringMatching(/^Voided/) });
    expect(deleted).toEqual({ status: "Deleted", domain: "QBO", Id: open.Id });
    expect(invoice).toMatchObject({
      TotalAmt: 250.5,
      Balance: 250.5,
      SalesTermRef: { value: "2", name: "Net 15" },
    });

    const cdc = await api(
      t,
      `/cdc?entities=Customer,Invoice,Payment,CreditMemo&changedSince=${encodeURIComponent(since)}`,
    );
    const [customers, invoices, payments, memos] = (cdc.body.CDCResponse as { QueryResponse: Body[] }[])[0]!
      .QueryResponse;
    expect((customers!.Customer as Body[]).map((c) => c.Id)).toEqual([customer.Id]);
    const changed = invoices!.Invoice as Body[];
    expect(changed.map((i) => i.Id)).toEqual([invoice.Id, voided.Id, open.Id]);
    expect(changed[1]).toMatchObject({ TotalAmt: 0, Balance: 0, PrivateNote: "Voided" });
    expect(changed[2]).toEqual({
      status: "Deleted",
      domain: "QBO",
      Id: open.Id,
      MetaData: { LastUpdatedTime: expect.any(String) },
    });
    expect(invoices).toMatchObject({ startPosition: 1, maxResults: 3, totalCount: 3 });
    // The payment of the voided invoice stays, unapplied.
    const detached = (payments!.Payment as Body[]).find((p) => p.Id === paid.Id)!;
    expect(cents(detached.UnappliedAmt)).toBe(cents(detached.TotalAmt) - sumLines(detached));
    expect(memos).toEqual({});

    expect((await api(t, `/invoice/${open.Id}`)).status).toBe(400);
    expect((await query(t, "select count(*) from Invoice")).body.QueryResponse).toEqual({ totalCount: 200 });
  });

  it("refuses CDC without parameters or beyond 30 days", async () => {
    const missing = await api(t, "/cdc?entities=Invoice");
    expect(missing.status).toBe(400);
    expect((missing.body.Fault as { Error: Body[] }).Error[0]).toMatchObject({ code: "2020" });
    const old = new Date(Date.now() - 31 * 86400_000).toISOString();
    const tooOld = await api(t, `/cdc?entities=Invoice&changedSince=${encodeURIComponent(old)}`);
    expect(tooOld.status).toBe(400);
  });

  it("keeps balances consistent after payments, a credit and a payment deletion", async () => {
    const open = await firstOpenInvoice(t);
    const customerId = (open.CustomerRef as Body).value as string;
    const before = (await api(t, `/customer/${customerId}`)).body.Customer as Body;
    const balance = cents(open.Balance);

    const payment = control().payInvoice(REALM, open.Id as string, { amount: 10.01 });
    expect(payment).toMatchObject({ TotalAmt: 10.01, UnappliedAmt: 0, CustomerRef: { value: customerId } });
    expect((payment.Line as Body[])[0]).toMatchObject({
      Amount: 10.01,
      LinkedTxn: [{ TxnId: open.Id, TxnType: "Invoice" }],
    });
    const after = (await api(t, `/invoice/${open.Id}`)).body.Invoice as Body;
    expect(cents(after.Balance)).toBe(balance - 1001);
    expect(after.LinkedTxn).toContainEqual({ TxnId: payment.Id, TxnType: "Payment" });
    expect(Number(after.SyncToken)).toBe(Number(open.SyncToken) + 1);
    const customer = (await api(t, `/customer/${customerId}`)).body.Customer as Body;
    expect(cents(customer.Balance)).toBe(cents(before.Balance) - 1001);

    control().createCreditMemo(REALM, { customerId, amount: 5, applyTo: { invoiceId: open.Id as string } });
    expect(cents(((await api(t, `/invoice/${open.Id}`)).body.Invoice as Body).Balance)).toBe(balance - 1501);

    control().payInvoice(REALM, open.Id as string);
    const paid = (await api(t, `/invoice/${open.Id}`)).body.Invoice as Body;
    expect(paid.Balance).toBe(0);
    const theirs = await queryAll(t, `select * from Invoice where CustomerRef = '${customerId}'`, "Invoice");
    const openSum = theirs.reduce((sum, i) => sum + cents(i.Balance), 0);
    expect(cents(((await api(t, `/customer/${customerId}`)).body.Customer as Body).Balance)).toBe(openSum);

    control().deletePayment(REALM, payment.Id as string);
    expect(cents(((await api(t, `/invoice/${open.Id}`)).body.Invoice as Body).Balance)).toBe(1001);
    expect(() => control().payInvoice(REALM, open.Id as string, { amount: 20 })).toThrow(
      /more than the open balance/,
    );
  });

  it("works over HTTP under /_control/", async () => {
    const base = t.sandbox.controlUrl;
    const realms = (await (await fetch(`${base}/realms`)).json()) as Body[];
    expect(realms.map((r) => r.realmId)).toContain(REALM);
    const post = (path: string, body: unknown, method = "POST") =>
      fetch(`${base}${path}`, {
        method,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const created = await post(`/realms/${REALM}/customers`, {
      displayName: "Over HTTP Ltd",
      currency: "CAD",
    });
    expect(created.status).toBe(201);
    const customer = (await created.json()) as Body;
    expect(customer).toMatchObject({
      DisplayName: "Over HTTP Ltd",
      CurrencyRef: { value: "CAD", name: "Canadian Dollar" },
    });
    expect(customer.PrimaryEmailAddr).toBeUndefined();
    const invoice = (await (
      await post(`/realms/${REALM}/invoices`, {
        customerId: customer.Id,
        lines: [{ item: "Hours", qty: 3, unitPrice: 95.5 }],
      })
    ).json()) as Body;
    expect(invoice).toMatchObject({
      TotalAmt: 286.5,
      CurrencyRef: { value: "CAD" },
      ExchangeRate: expect.any(Number),
    });
    const pay = await post(`/realms/${REALM}/invoices/${invoice.Id}/pay`, {});
    expect(pay.status).toBe(201);
    expect(
      ((await (await fetch(`${base}/realms/${REALM}/invoices/${invoice.Id}`)).json()) as { Invoice: Body })
        .Invoice.Balance,
    ).toBe(0);
    expect((await post(`/realms/${REALM}/invoices/999999/void`, {})).status).toBe(404);
    expect((await post(`/realms/${REALM}/customers`, { displayName: "Over HTTP Ltd" })).status).toBe(400);
    const gone = await fetch(`${base}/realms/${REALM}/customers/${customer.Id}`, { method: "DELETE" });
    expect(await gone.json()).toMatchObject({ Active: false, DisplayName: "Over HTTP Ltd (deleted)" });
    const summary = (await (await fetch(`${base}/realms/${REALM}/summary`)).json()) as Body;
    expect(summary).toMatchObject({ customers: { total: 31 }, invoices: { total: 201 } });
    expect((await post(`/realms/${REALM}/reset`, {})).status).toBe(200);
    expect(
      (await query(t, "select count(*) from Customer where Active in (true, false)")).body.QueryResponse,
    ).toEqual({ totalCount: 30 });
  });
});
