import { describe, expect, it } from "vitest";
import { api, type Body, cents, query, REALM, rows } from "./api.ts";
import { hook, useControlSandbox } from "./control-sandbox.ts";
import { DECLINED_CARD, GOOD_CARD, invoicesWithLinks, money, openPage, submitCard, usDate } from "./pay.ts";

const t = useControlSandbox();
const control = () => t.sandbox.control;

const readInvoice = async (id: unknown) => (await api(t, `/invoice/${id}`)).body.Invoice as Body;
const paymentCount = async () =>
  (await query(t, "select count(*) from Payment")).body.QueryResponse as { totalCount: number };

/** An open, partly paid invoice whose page takes cards. */
async function payable(): Promise<{ invoice: Body; link: string }> {
  const invoice = (await invoicesWithLinks(t)).find(
    (i) => i.InvoiceLink && cents(i.Balance) > 0 && cents(i.Balance) < cents(i.TotalAmt),
  )!;
  return { invoice, link: invoice.InvoiceLink as string };
}

describe("payment page", () => {
  it("shows the invoice and a labelled card form, with no sign-in", async () => {
    const { invoice, link } = await payable();
    const res = await fetch(link);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("form-action 'self'");
    expect(res.headers.get("set-cookie")).toMatch(
      /^qbo_sandbox_pay=[0-9a-f]{32}; Path=\/t\/; HttpOnly; SameSite=Lax$/,
    );
    const html = await res.text();
    const currency = (invoice.CurrencyRef as Body).value as string;
    for (const expected of [
      `<html lang="en">`,
      `name="viewport"`,
      `Invoice ${invoice.DocNumber} from Sandbox Company US 1`,
      `<dt>Balance due</dt><dd>${money(invoice.Balance, currency)}</dd>`,
      `<dt>Invoice amount</dt><dd>${money(invoice.TotalAmt, currency)}</dd>`,
      `<dt>Due date</dt><dd>${usDate(invoice.DueDate as string)}</dd>`,
      `<label for="card-number">Card number</label>`,
      `<label for="card-expiry">`,
      `<label for="card-cvc">`,
      `autocomplete="cc-number"`,
      `Pay ${money(invoice.Balance, currency)}</button>`,
    ]) {
      expect(html).toContain(expected);
    }
    expect(html).toMatch(/name="csrf" value="[0-9a-f]{32}"/);
    expect(html).not.toContain("<script");
  });

  it("pays the balance with the test card: a Payment on the invoice, in CDC and the webhooks", async () => {
    const { invoice, link } = await payable();
    const since = new Date(Date.now() - 1000).toISOString();
    const before = await paymentCount();
    const visit = await openPage(link);
    t.offset.ms += 1000;
    const paid = await submitCard(link, visit, GOOD_CARD);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(new URL(link).pathname + new URL(link).search);

    const after = await readInvoice(invoice.Id);
    expect(after.Balance).toBe(0);
    expect(Number(after.SyncToken)).toBe(Number(invoice.SyncToken) + 1);
    expect(after.MetaData).not.toEqual(invoice.MetaData);
    const paymentId = (after.LinkedTxn as Body[]).at(-1)!.TxnId as string;
    const payment = (await api(t, `/payment/${paymentId}`)).body.Payment as Body;
    expect(payment).toMatchObject({
      CustomerRef: invoice.CustomerRef,
      TotalAmt: invoice.Balance,
      UnappliedAmt: 0,
      PaymentMethodRef: { name: "Credit Card" },
      PrivateNote: "Paid online by card ending 4242 (Pat Payer)",
      Line: [{ Amount: invoice.Balance, LinkedTxn: [{ TxnId: invoice.Id, TxnType: "Invoice" }] }],
    });
    expect((await paymentCount()).totalCount).toBe(before.totalCount + 1);

    const cdc = await api(t, `/cdc?entities=Invoice,Payment&changedSince=${encodeURIComponent(since)}`);
    const [invoices, payments] = (cdc.body.CDCResponse as { QueryResponse: Body[] }[])[0]!.QueryResponse;
    expect((invoices!.Invoice as Body[]).map((i) => [i.Id, i.Balance])).toEqual([[invoice.Id, 0]]);
    expect((payments!.Payment as Body[]).map((p) => p.Id)).toEqual([paymentId]);

    await control().flushWebhooks();
    expect(hook.received).toHaveLength(1);
    const entities = JSON.parse(hook.received[0]!.body).eventNotifications[0].dataChangeEvent.entities;
    expect(entities).toEqual([
      expect.objectContaining({ name: "Payment", id: paymentId, operation: "Create" }),
      expect.objectContaining({ name: "Invoice", id: invoice.Id, operation: "Update" }),
    ]);

    const page = await openPage(link, visit.cookie);
    expect(page.html).toContain("This invoice was paid in full on");
    expect(page.html).toContain("<dt>Status</dt><dd>Paid</dd>");
    expect(page.html).not.toContain("<form");
    const twice = await submitCard(link, visit, GOOD_CARD);
    expect(twice.status).toBe(303);
    expect((await paymentCount()).totalCount).toBe(before.totalCount + 1);
  });

  it("shows a decline for the declined test card and changes nothing", async () => {
    const { invoice, link } = await payable();
    const visit = await openPage(link);
    const declined = await submitCard(link, visit, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain(
      `<p class="error" role="alert" id="pay-error">Your card was declined. Try another card, or contact your bank.</p>`,
    );
    expect(declined.html).toMatch(
      /id="card-number"[^>]*aria-describedby="pay-error card-hint" aria-invalid="true"/,
    );
    expect(declined.html).toContain(`value="Pat Payer"`);
    expect(declined.html).not.toContain('4000 0000 0000 0002"');
    expect(await readInvoice(invoice.Id)).toEqual({ ...invoice, InvoiceLink: undefined });
    await control().flushWebhooks();
    expect(hook.received).toHaveLength(0);
  });

  it("refuses a forged or stale form, a bad card, and links it never issued", async () => {
    const { invoice, link } = await payable();
    const visit = await openPage(link);
    expect((await submitCard(link, visit, GOOD_CARD, { cookie: "" })).status).toBe(403);
    const forged = await submitCard(link, visit, GOOD_CARD, { csrf: "0".repeat(32) });
    expect(forged.status).toBe(403);
    expect(forged.html).toContain("This page expired before it was sent.");
    const other = await openPage(link);
    expect((await submitCard(link, visit, GOOD_CARD, { cookie: other.cookie })).status).toBe(403);

    expect((await submitCard(link, visit, { ...GOOD_CARD, number: "4242 4242 4242 4241" })).html).toContain(
      "Enter a valid card number.",
    );
    expect((await submitCard(link, visit, { ...GOOD_CARD, expiry: "01/20" })).status).toBe(400);
    expect((await submitCard(link, visit, { ...GOOD_CARD, cvc: "" })).status).toBe(400);
    expect((await submitCard(link, visit, { ...GOOD_CARD, number: "5555 5555 5555 4444" })).html).toContain(
      "test cards only",
    );

    control().updateInvoice(REALM, invoice.Id as string, { privateNote: "changed" });
    const stale = await submitCard(link, visit, GOOD_CARD);
    expect(stale.status).toBe(409);
    expect(stale.html).toContain("This invoice changed after the page was opened.");
    expect(cents((await readInvoice(invoice.Id)).Balance)).toBe(cents(invoice.Balance));

    control().setPayments(REALM, false);
    const off = await openPage(link);
    expect(off.html).toContain("Online payment isn't available for this invoice.");
    expect(off.html).not.toContain("<form");
    control().setPayments(REALM, true);

    const forgedLink = link.replace(/-[0-9a-f]{32}\?/, `-${"a".repeat(32)}?`);
    expect((await fetch(forgedLink)).status).toBe(404);
    control().deleteInvoice(REALM, invoice.Id as string);
    const gone = await fetch(link);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("This invoice isn't available");
    expect(rows(await query(t, `select * from Invoice where Id = '${invoice.Id}'`), "Invoice")).toEqual([]);
  });
});
