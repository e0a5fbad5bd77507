import { type ConnectedUser, connectedCompany, sendReminder } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { beforeAll, inject } from "vitest";
import { stack } from "../browser.ts";
import { type SandboxInvoice, sandboxInvoices, settle } from "./collections-helpers.ts";
import { threadUrl } from "./communications-helpers.ts";
import { contactCustomers, type SandboxCustomer } from "./contacts-helpers.ts";
import { screenshotEachVariant, screenshotsEnabled, shoot } from "./screenshots.ts";

/**
 * Screenshots of reminder recipients (decision 0018), for a person to review, in e2e/screenshots/:
 * the 'Send reminder now' dialog with To, CC and an address left out (it bounced), the escalation
 * setting on Email Templates, and a thread email with its CC and BCC. Only with E2E_SCREENSHOTS=1.
 */
let synced: ConnectedUser;
let customer: SandboxCustomer;
let invoiceId: string;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-recipients",
    firstName: "Rita",
  });
  // A customer with two addresses whose open invoice QuickBooks blind-copies, so the thread shows a BCC.
  const { twoAddresses } = await contactCustomers(synced.realmId);
  const invoices = (await sandboxInvoices(synced.realmId)) as (SandboxInvoice & {
    BillEmailBcc?: { Address: string };
  })[];
  const invoice =
    invoices.find(
      (i) => i.Balance > 0 && i.BillEmailBcc && twoAddresses.some((c) => c.Id === i.CustomerRef.value),
    ) ?? invoices.find((i) => i.Balance > 0 && i.CustomerRef.value === twoAddresses[0]!.Id)!;
  customer = twoAddresses.find((c) => c.Id === invoice.CustomerRef.value)!;
  const call = (path: string, body: Record<string, unknown>) =>
    stack()
      .call("POST", path, { token: synced.token, body })
      .then((res) => {
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
      });
  const add = (body: Record<string, string>) =>
    call(apiPaths.customers.addContact, { realmId: synced.realmId, customerRef: customer.Id, ...body });
  await add({ name: "Pat Payables", address: "pat.payables@example.com", role: "copy_always" });
  await add({ name: "Old Mailbox", address: "old.mailbox@example.com", role: "copy_always" });
  await add({ name: "Morgan Finance Director", address: "morgan@example.com", role: "escalation" });
  await call(apiPaths.reminders.settings, {
    companyId: synced.companyId,
    enabled: false,
    sendTime: "09:00",
    weekdaysOnly: true,
    escalateFrom: 2,
  });
  invoiceId = invoice.Id;
  // One reminder to the old mailbox bounces; one by the rules shows its copies in the thread.
  const bounced = await sendReminder(stack(), synced, invoice.Id, {
    subject: `Invoice ${invoice.DocNumber}`,
    to: ["old.mailbox@example.com"],
  });
  await stack().mailbox.answer(bounced.id, "bounce");
  await sendReminder(stack(), synced, invoice.Id, { subject: `Invoice ${invoice.DocNumber}, copied` });
});

screenshotEachVariant(
  "screenshots of reminder recipients",
  () => synced,
  async (page, variant) => {
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    await page
      .getByRole("button", { name: /^Reminders for invoice / })
      .first()
      .click();
    await page.getByRole("menuitem", { name: "Send reminder now" }).click();
    const dialog = page.getByRole("dialog", { name: "Send reminder now" });
    await dialog.getByLabel("Subject", { exact: true }).waitFor();
    await shoot(page, "recipients-send-dialog", variant);
    await dialog.getByLabel("CC", { exact: true }).fill("not-an-address");
    await dialog.getByRole("alert").first().waitFor();
    await shoot(page, "recipients-send-dialog-invalid", variant);
    await page.keyboard.press("Escape");

    await page.goto(threadUrl({ invoiceId, customerRef: customer.Id }));
    await settle(page);
    await shoot(page, "recipients-thread", variant);

    await page.goto("/email-templates");
    await settle(page);
    await page.getByRole("heading", { name: "Automatic Reminders" }).scrollIntoViewIfNeeded();
    await shoot(page, "recipients-escalation-setting", variant);
  },
);
