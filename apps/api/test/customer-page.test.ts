import { apiPaths, customerPageMessages } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { dayText, openInvoices, todayDay } from "./collections-fixture.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import {
  connectQuickBooks,
  DATA_NOW,
  OTHER_REALM,
  SAMPLE_REALM,
  sendReminder as sendByHand,
  syncNow,
} from "./kit/index.ts";

const { world, takeInvoice, sendReminder } = communicationsWorld();

const pagePath = (token: string) => apiPaths.pay.page.replace(":token", token);
const pdfPath = (token: string, invoiceId: string) =>
  apiPaths.pay.pdf.replace(":token", token).replace(":invoiceId", invoiceId);
/** The customer page's link in an email, and its token. */
function linkIn(html: string) {
  const match = /href="(http:\/\/localhost:3000\/pay\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}))"/.exec(html);
  if (!match) throw new Error("no customer page link in the email");
  return { url: match[1]!, token: match[2]! };
}
const open = (path: string) => world().call("GET", path);

describe("the customer page", () => {
  it("a reminder links to its customer's page: the open invoices as QuickBooks has them, the email's first", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - page`);
    const { token } = linkIn(mail.html);
    expect(mail.html).toContain(">View and pay</a>");

    const res = await open(pagePath(token));
    expect(res.status).toBe(200);
    const page = res.json.data;
    const store = world().store();
    const theirs = openInvoices(store)
      .filter((i) => i.customerId === invoice.customerId)
      .sort(
        (a, b) =>
          Number(b.id === invoice.id) - Number(a.id === invoice.id) || a.dueDate - b.dueDate || a.id - b.id,
      );
    expect(page.customer.name).toBe(store.customers.get(invoice.customerId)!.displayName);
    expect(page.focusInvoiceId).toBe(String(invoice.id));
    expect(page.invoices.map((i: { id: string }) => i.id)).toEqual(theirs.map((i) => String(i.id)));
    expect(page.invoices[0]).toMatchObject({
      number: invoice.docNumber,
      issueDate: dayText(invoice.txnDate),
      dueDate: dayText(invoice.dueDate),
      amountCents: invoice.total,
      balanceCents: invoice.balance,
      currency: invoice.currency,
      daysOverdue: Math.max(0, todayDay - invoice.dueDate),
    });
    const totals = new Map<string, number>();
    for (const i of theirs) totals.set(i.currency, (totals.get(i.currency) ?? 0) + i.balance);
    expect(page.totals).toEqual(
      [...totals].sort().map(([currency, cents]) => ({
        currency,
        balanceCents: cents,
        count: theirs.filter((i) => i.currency === currency).length,
      })),
    );
    // 'Pay now' is QuickBooks' own link, exactly where QuickBooks has one.
    for (const shown of page.invoices)
      expect(shown.payUrl).toBe(world().qb.control.invoiceLink(SAMPLE_REALM, shown.id).invoiceLink);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["x-robots-tag"]).toContain("noindex");
  });

  it("'Download PDF' streams QuickBooks' PDF of the customer's own invoice, and nobody else's", async () => {
    const invoice = takeInvoice();
    const { token } = linkIn(
      (await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - pdf`)).html,
    );
    const res = await open(pdfPath(token, String(invoice.id)));
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="Invoice-${invoice.docNumber}.pdf"`,
    );
    expect(res.raw.subarray(0, 5).toString()).toBe("%PDF-");
    expect(res.raw.toString("latin1")).toContain(`(Invoice ${invoice.docNumber})`);

    const someoneElses = openInvoices(world().store()).find((i) => i.customerId !== invoice.customerId)!;
    const refused = await open(pdfPath(token, String(someoneElses.id)));
    expect(refused.status).toBe(404);
  });

  it("a tampered, unknown or malformed link shows no data; an expired one says so", async () => {
    const invoice = takeInvoice();
    const { token } = linkIn(
      (await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - tamper`)).html,
    );
    const flipped = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    for (const bad of [flipped, "nonsense", `${token}x`, token.replace(".", "-")]) {
      const res = await open(pagePath(bad));
      expect(res.status).toBe(404);
      expect(res.json.error.message).toBe(customerPageMessages.linkInvalid);
      expect(JSON.stringify(res.json)).not.toContain(invoice.docNumber);
      expect((await open(pdfPath(bad, String(invoice.id)))).status).toBe(404);
    }
    const later = new Date(Date.parse(DATA_NOW) + 91 * 86_400_000);
    const { now } = world().t.ctx;
    world().t.ctx.now = () => later;
    try {
      const res = await open(pagePath(token));
      expect(res.status).toBe(410);
      expect(res.json.error).toMatchObject({ code: "LINK_GONE", message: customerPageMessages.linkExpired });
    } finally {
      world().t.ctx.now = now;
    }
  });

  it("another company's link shows that company's customer only (their QuickBooks ids overlap)", async () => {
    const mine = takeInvoice();
    const { token: myToken } = linkIn(
      (await sendReminder(String(mine.id), `Invoice ${mine.docNumber} - iso`)).html,
    );
    // An invoice of the other company whose id, in mine, is another customer's invoice or none.
    const theirs = [...world().qb.control.sandbox.realms.get(OTHER_REALM)!.store.invoices.values()].find(
      (i) =>
        !i.voided &&
        i.balance > 0 &&
        i.email &&
        world().store().invoices.get(i.id)?.customerId !== mine.customerId,
    )!;
    const other = world().other;
    const mail = await sendByHand(world().t, other, String(theirs.id), {
      subject: "Other company's reminder",
    });
    const { token: theirToken } = linkIn(mail.html);
    const mineShown = (await open(pagePath(myToken))).json.data;
    const theirsShown = (await open(pagePath(theirToken))).json.data;
    expect(theirsShown.focusInvoiceId).toBe(String(theirs.id));
    const otherStore = world().qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    expect(theirsShown.customer.name).toBe(otherStore.customers.get(theirs.customerId)!.displayName);
    // The other company's invoice, through my link: not there.
    expect((await open(pdfPath(myToken, String(theirs.id)))).status).toBe(404);
    expect(mineShown.invoices.map((i: { id: string }) => i.id)).not.toContain(String(theirs.id));
  });

  it("'Preview customer page' makes a link to one of the company's own customers' page", async () => {
    const { user, other } = world();
    const invoice = takeInvoice();
    const body = { companyId: user.companyId, customerRef: String(invoice.customerId) };
    const made = await world().call("POST", apiPaths.customers.pageLink, { token: user.token, body });
    expect(made.status).toBe(200);
    const { token } = linkIn(`href="${made.json.data.url}"`);
    const page = (await open(pagePath(token))).json.data;
    expect(page.customer.name).toBe(world().store().customers.get(invoice.customerId)!.displayName);
    expect(page.focusInvoiceId).toBeNull();
    const unknown = await world().call("POST", apiPaths.customers.pageLink, {
      token: user.token,
      body: { ...body, customerRef: "999999" },
    });
    expect(unknown.status).toBe(404);
    const elsewhere = await world().call("POST", apiPaths.customers.pageLink, { token: other.token, body });
    expect(elsewhere.status).toBe(403);
  });

  it("the company's words on how to pay (Account) show on its customers' pages; left out, they stay", async () => {
    const { user } = world();
    const save = async (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({
        userName: "Ada",
        email: user.email,
        companyId: user.companyId,
        ...fields,
      }))
        form.append(k, v);
      const req = new Request("http://x/", { method: "POST", body: form });
      return world().t.app.inject({
        method: "POST",
        url: apiPaths.settings.updateProfile,
        payload: Buffer.from(await req.arrayBuffer()),
        headers: { authorization: `Bearer ${user.token}`, "content-type": req.headers.get("content-type")! },
      });
    };
    const words = "Bank transfer to Acme Ltd\nSort code 12-34-56, account 12345678\u0007";
    const saved = await save({ signature: "", howToPay: words });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.howToPay).toBe(
      "Bank transfer to Acme Ltd\nSort code 12-34-56, account 12345678",
    );
    expect((await save({ signature: "" })).json().data.howToPay).toBe(saved.json().data.howToPay);

    const invoice = takeInvoice();
    const { token } = linkIn(
      (await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - words`)).html,
    );
    const page = (await open(pagePath(token))).json.data;
    expect(page.company.howToPay).toBe("Bank transfer to Acme Ltd\nSort code 12-34-56, account 12345678");
  });

  it("a customer deleted in QuickBooks: their links stop opening after the next sync", async () => {
    const invoice = takeInvoice();
    const { token } = linkIn(
      (await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - deleted`)).html,
    );
    expect((await open(pagePath(token))).status).toBe(200);
    world().qb.control.deleteCustomer(SAMPLE_REALM, invoice.customerId);
    await syncNow(world().t.ctx, world().user.companyId);
    const res = await open(pagePath(token));
    expect(res.status).toBe(410);
    expect(res.json.error.message).toBe(customerPageMessages.linkRevoked);
  });

  // Last: it disconnects the file's company.
  it("connecting again to the same company keeps the links; disconnecting revokes them for good", async () => {
    const invoice = takeInvoice();
    const { token } = linkIn(
      (await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - revoke`)).html,
    );
    expect((await open(pagePath(token))).status).toBe(200);
    const { user, qb } = world();
    // A reconnect (as after an expired token) to the same QuickBooks company is no end.
    await connectQuickBooks(world().call, user, qb.baseUrl, SAMPLE_REALM);
    expect((await open(pagePath(token))).status).toBe(200);
    const out = await world().call(
      "GET",
      `${apiPaths.quickbooks.revoke}?email=${encodeURIComponent(user.email)}`,
      {
        token: user.token,
      },
    );
    expect(out.status).toBe(200);
    const res = await open(pagePath(token));
    expect(res.status).toBe(410);
    expect(res.json.error.message).toBe(customerPageMessages.linkRevoked);
    // Connected again afterwards: the link made before the disconnect stays revoked.
    await connectQuickBooks(world().call, user, qb.baseUrl, SAMPLE_REALM);
    expect((await open(pagePath(token))).status).toBe(410);
  });
});
