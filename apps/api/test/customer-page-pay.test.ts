import { apiPaths, errorCodes } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { openInvoices } from "./collections-fixture.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { SAMPLE_REALM, syncNow } from "./kit/index.ts";

const { world, sendReminder, get } = communicationsWorld();

/** Pays an invoice on QuickBooks' 'view and pay' page as a browser would: its form, its cookie, a test card. */
async function payOnQuickBooksPage(url: string, card: string) {
  const page = await fetch(url);
  const cookie = page.headers.get("set-cookie")!.split(";")[0]!;
  const html = await page.text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)![1]!;
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams({
      csrf: field("csrf"),
      syncToken: field("syncToken"),
      number: card,
      expiry: "12/30",
      cvc: "123",
      name: "Pat Payer",
    }).toString(),
  });
}

describe("'Pay now' on the customer page", () => {
  it("pays through QuickBooks' own page: after the sync the invoice is paid in Recoup, shown paid, and not reminded again", async () => {
    // An open invoice with an address whose customer pays online.
    const invoice = openInvoices(world().store()).find(
      (i) => i.email && world().qb.control.invoiceLink(SAMPLE_REALM, i.id).invoiceLink,
    )!;
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} - pay now`);
    const token = /\/pay\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22})"/.exec(mail.html)![1]!;
    const pagePath = apiPaths.pay.page.replace(":token", token);
    const before = (await world().call("GET", pagePath)).json.data;
    const shown = before.invoices.find((i: { id: string }) => i.id === String(invoice.id));
    expect(shown.payUrl).toBe(world().qb.control.invoiceLink(SAMPLE_REALM, invoice.id).invoiceLink);

    const declined = await payOnQuickBooksPage(shown.payUrl, "4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    const paid = await payOnQuickBooksPage(shown.payUrl, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    expect(world().store().invoices.get(invoice.id)!.balance).toBe(0);

    await syncNow(world().t.ctx, world().user.companyId);
    const after = (await world().call("GET", pagePath)).json.data;
    expect(after.invoices.map((i: { id: string }) => i.id)).not.toContain(String(invoice.id));
    expect(after.paid.map((i: { id: string }) => i.id)).toContain(String(invoice.id));
    const listed = await get(apiPaths.invoices.list, { status: "paid", limit: "100", page: "1" });
    expect(listed.json.data.invoices.map((i: { id: string }) => i.id)).toContain(String(invoice.id));
    // No further reminder: a paid invoice cannot be reminded, by hand or by the schedule.
    const again = await get(apiPaths.reminders.draft, { invoiceId: String(invoice.id) });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: errorCodes.notRemindable,
      message: "The invoice is paid.",
    });
    const upcoming = await get(apiPaths.reminders.upcoming, { limit: "500" });
    expect(upcoming.status).toBe(200);
    expect(JSON.stringify(upcoming.json.data)).not.toContain(`"invoiceId":"${invoice.id}"`);
  });
});
