import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Body, cents, DATA_NOW, query, REALM, rows, startApiSandbox, type TestSandbox } from "./api.ts";
import { money, pdfText, usDate } from "./pay.ts";

let t: TestSandbox;

beforeAll(async () => {
  t = await startApiSandbox({ dataNow: DATA_NOW });
});
afterAll(async () => {
  await t?.sandbox.close();
});

function fetchPdf(id: string, accept: string | undefined = "application/pdf", token = t.token) {
  return fetch(`${t.sandbox.baseUrl}/v3/company/${REALM}/invoice/${id}/pdf?minorversion=75`, {
    headers: { authorization: `Bearer ${token}`, ...(accept ? { accept } : {}) },
  });
}

async function invoiceWhere(test: (invoice: Body) => boolean): Promise<Body> {
  const all = rows(await query(t, "select * from Invoice maxresults 1000"), "Invoice");
  return all.find(test)!;
}

describe("invoice PDF", () => {
  it("streams the invoice as a PDF with its company, customer, dates, lines, total and balance", async () => {
    const invoice = await invoiceWhere(
      (i) => !!i.BillEmail && cents(i.Balance) > 0 && cents(i.Balance) < cents(i.TotalAmt),
    );
    const res = await fetchPdf(invoice.Id as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("transfer-encoding")).toBe("chunked");
    expect(res.headers.get("intuit_tid")).toMatch(/^1-/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.toString("latin1")).toContain(`(Invoice ${invoice.DocNumber})`);
    expect(bytes.toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);

    const text = pdfText(bytes);
    const currency = (invoice.CurrencyRef as Body).value as string;
    const customer = (invoice.CustomerRef as Body).name as string;
    for (const expected of [
      "Sandbox Company US 1",
      "INVOICE",
      "BILL TO",
      customer,
      (invoice.BillEmail as Body).Address as string,
      invoice.DocNumber as string,
      usDate(invoice.TxnDate as string),
      usDate(invoice.DueDate as string),
      (invoice.SalesTermRef as Body).name as string,
      currency,
      `Balance due (${currency})`,
      money(invoice.TotalAmt, currency),
      money(invoice.Balance, currency),
      `-${money(cents(invoice.TotalAmt) / 100 - cents(invoice.Balance) / 100, currency)}`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const line of (invoice.Line as Body[]).filter((l) => l.DetailType === "SalesItemLineDetail")) {
      expect(text).toContain(line.Description as string);
      expect(text).toContain(money(line.Amount, currency));
    }

    const again = Buffer.from(await (await fetchPdf(invoice.Id as string)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it("draws a voided invoice as voided, with nothing due", async () => {
    const voided = await invoiceWhere((i) => i.PrivateNote === "Voided");
    const text = pdfText(Buffer.from(await (await fetchPdf(voided.Id as string)).arrayBuffer()));
    const currency = (voided.CurrencyRef as Body).value as string;
    expect(text).toContain("INVOICE (VOIDED)");
    expect(text).toContain(`Balance due (${currency})\n${money(0, currency)}`);
  });

  it("takes */* as a PDF and answers another Accept with 406 and a fault", async () => {
    const invoice = await invoiceWhere(() => true);
    expect((await fetchPdf(invoice.Id as string, "*/*")).headers.get("content-type")).toBe("application/pdf");
    expect((await fetchPdf(invoice.Id as string, undefined)).status).toBe(200);
    const json = await fetchPdf(invoice.Id as string, "application/json");
    expect(json.status).toBe(406);
    expect(json.headers.get("content-type")).toBe("application/json;charset=UTF-8");
    expect(((await json.json()) as Body).Fault).toMatchObject({
      type: "ValidationFault",
      Error: [{ code: "2010", Detail: expect.stringContaining("application/pdf") }],
    });
  });

  it("answers an unknown id, a bad token, throttling and injected faults like the other reads", async () => {
    const unknown = await fetchPdf("999999");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as Body).Fault).toMatchObject({
      type: "ValidationFault",
      Error: [{ code: "610", Message: "Object Not Found" }],
    });
    const invoice = await invoiceWhere(() => true);
    expect((await fetchPdf(invoice.Id as string, "application/pdf", "x".repeat(40))).status).toBe(401);

    t.sandbox.control.setFaults(REALM, { rate429: 1 });
    try {
      const throttled = await fetchPdf(invoice.Id as string);
      expect(throttled.status).toBe(429);
      expect(await throttled.text()).toContain("ThrottleExceeded");
      t.sandbox.control.setFaults(REALM, { rate429: 0, rate5xx: 1, status5xx: 503 });
      expect((await fetchPdf(invoice.Id as string)).status).toBe(503);
    } finally {
      t.sandbox.control.clearFaults(REALM);
    }
    expect((await fetchPdf(invoice.Id as string)).status).toBe(200);
  });
});
