import { describe, expect, it } from "vitest";
import { api, type Body, cents, REALM } from "./api.ts";
import { useControlSandbox } from "./control-sandbox.ts";
import { invoicesWithLinks } from "./pay.ts";

const t = useControlSandbox();
const control = () => t.sandbox.control;
const LINK =
  /^http:\/\/localhost:\d+\/t\/scs-v1-9341452000000001-\d+-[0-9a-f]{32}\?cta=viewinvoicenow&locale=en_US$/;

const read = async (id: unknown, include = "&include=invoiceLink") =>
  (await api(t, `/invoice/${id}?minorversion=75${include}`)).body.Invoice as Body;

async function openInvoiceWithLink(): Promise<Body> {
  return (await invoicesWithLinks(t)).find((i) => i.InvoiceLink && cents(i.Balance) > 0)!;
}

describe("InvoiceLink", () => {
  it("comes with include=invoiceLink for invoices that can be paid online, paid ones included", async () => {
    const invoices = await invoicesWithLinks(t);
    expect(invoices).toHaveLength(200);
    const linked = invoices.filter((i) => i.InvoiceLink);
    // The sample company: Payments on, online payment off on one invoice in ten, some customers
    // without email, 8 voided.
    expect(invoices.filter((i) => i.AllowOnlineCreditCardPayment === false)).toHaveLength(20);
    expect(linked).toHaveLength(143);
    expect(linked.filter((i) => cents(i.Balance) > 0)).toHaveLength(86);
    expect(invoices.filter((i) => !i.InvoiceLink && cents(i.Balance) > 0)).toHaveLength(32);
    for (const invoice of linked) {
      expect(invoice.InvoiceLink).toMatch(LINK);
      expect(invoice).toMatchObject({ AllowOnlineCreditCardPayment: true, AllowOnlineACHPayment: true });
      expect(invoice.BillEmail).toBeDefined();
    }
    for (const invoice of invoices.filter((i) => !i.InvoiceLink)) {
      const offline =
        invoice.AllowOnlineCreditCardPayment === false && invoice.AllowOnlineACHPayment === false;
      expect(offline || !invoice.BillEmail || invoice.PrivateNote === "Voided").toBe(true);
    }
    expect(linked.some((i) => cents(i.Balance) === 0)).toBe(true);

    const one = linked[0]!;
    expect((await read(one.Id)).InvoiceLink).toBe(one.InvoiceLink);
    expect((await read(one.Id, "")).InvoiceLink).toBeUndefined();
    expect((await read(one.Id, "")).AllowOnlineCreditCardPayment).toBe(true);
  });

  it("goes away when Payments is off, the invoice disallows online payment, loses its BillEmail or is voided", async () => {
    const invoice = await openInvoiceWithLink();
    const id = invoice.Id as string;
    expect(control().invoiceLink(REALM, id)).toEqual({ invoiceLink: invoice.InvoiceLink });

    control().setPayments(REALM, false);
    expect((await read(id)).InvoiceLink).toBeUndefined();
    expect(control().invoiceLink(REALM, id)).toEqual({
      invoiceLink: null,
      reason: "QuickBooks Payments is off for the company",
    });
    control().setPayments(REALM, true);
    expect((await read(id)).InvoiceLink).toBe(invoice.InvoiceLink);

    const offline = control().updateInvoice(REALM, id, {
      allowOnlineCreditCardPayment: false,
      allowOnlineACHPayment: false,
    });
    expect(offline).toMatchObject({ AllowOnlineCreditCardPayment: false, AllowOnlineACHPayment: false });
    expect(offline.InvoiceLink).toBeUndefined();
    expect(Number(offline.SyncToken)).toBe(Number(invoice.SyncToken) + 1);
    const achOnly = control().updateInvoice(REALM, id, { allowOnlineACHPayment: true });
    expect(achOnly.InvoiceLink).toBe(invoice.InvoiceLink);

    control().updateInvoice(REALM, id, { email: null, emailStatus: "NotSet" });
    expect(control().invoiceLink(REALM, id).reason).toBe("The invoice has no BillEmail");
    control().updateInvoice(REALM, id, { email: "ap@example.com", allowOnlineCreditCardPayment: true });
    expect((await read(id)).InvoiceLink).toBe(invoice.InvoiceLink);
    control().voidInvoice(REALM, id);
    expect((await read(id)).InvoiceLink).toBeUndefined();
  });

  it("is in query answers only with include, and in the control API's invoices", async () => {
    const statement = encodeURIComponent("select * from Invoice where DocNumber = '1001'");
    const plain = await api(t, `/query?query=${statement}`);
    const withLink = await api(t, `/query?query=${statement}&include=InvoiceLink`);
    const [a] = (plain.body.QueryResponse as { Invoice: Body[] }).Invoice;
    const [b] = (withLink.body.QueryResponse as { Invoice: Body[] }).Invoice;
    expect(a!.InvoiceLink).toBeUndefined();
    expect(b!.InvoiceLink).toMatch(LINK);
    expect(control().read(REALM, "Invoice", b!.Id as string)?.InvoiceLink).toBe(b!.InvoiceLink);

    const customer = control().createCustomer(REALM, {
      displayName: "Link Co",
      email: "ap@link.example.com",
    });
    const created = control().createInvoice(REALM, { customerId: customer.Id as string, amount: 40 });
    expect(created).toMatchObject({ AllowOnlineCreditCardPayment: true, AllowOnlineACHPayment: true });
    expect(created.InvoiceLink).toMatch(LINK);
    control().setPayments(REALM, false);
    const later = control().createInvoice(REALM, { customerId: customer.Id as string, amount: 40 });
    expect(later).toMatchObject({ AllowOnlineCreditCardPayment: false, AllowOnlineACHPayment: false });
    expect(later.InvoiceLink).toBeUndefined();
  });

  it("is turned on and off and read over the HTTP control API", async () => {
    const invoice = await openInvoiceWithLink();
    const base = `${t.sandbox.controlUrl}/realms/${REALM}`;
    const put = (enabled: unknown) =>
      fetch(`${base}/quickbooks-payments`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ enabled }),
      });
    expect(await (await fetch(`${base}/quickbooks-payments`)).json()).toEqual({ enabled: true });
    expect(await (await fetch(`${base}/invoices/${invoice.Id}/link`)).json()).toEqual({
      invoiceLink: invoice.InvoiceLink,
    });
    expect(await (await put(false)).json()).toEqual({ enabled: false });
    expect(await (await fetch(`${base}/invoices/${invoice.Id}/link`)).json()).toEqual({
      invoiceLink: null,
      reason: "QuickBooks Payments is off for the company",
    });
    expect((await put("yes")).status).toBe(400);
    expect((await fetch(`${base}/invoices/999999/link`)).status).toBe(404);
    control().resetRealm(REALM);
    expect(control().paymentsEnabled(REALM)).toBe(true);
  });
});
