import { type ConnectedUser, connectedCompany, sendReminder } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { beforeAll, inject } from "vitest";
import { stack } from "../browser.ts";
import { sandboxInvoices, settle } from "./collections-helpers.ts";
import { addressesOf, contactCustomers, type SandboxCustomer } from "./contacts-helpers.ts";
import { screenshotEachVariant, screenshotsEnabled, shoot } from "./screenshots.ts";

/**
 * Screenshots of contacts, for a person to review, in e2e/screenshots/ (git-ignored): Customer
 * Details with QuickBooks' two addresses (one bounced) and two added in Recoup, the add dialog, and
 * the dashboard's 'No email address'. Only with E2E_SCREENSHOTS=1.
 */
let synced: ConnectedUser;
let customer: SandboxCustomer;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-contacts",
    firstName: "Cleo",
  });
  customer = (await contactCustomers(synced.realmId)).twoAddresses[0]!;
  const add = async (body: Record<string, string>) => {
    const res = await stack().call("POST", apiPaths.customers.addContact, {
      token: synced.token,
      body: { realmId: synced.realmId, customerRef: customer.Id, ...body },
    });
    if (res.status !== 200) throw new Error(`add contact: ${res.status} ${res.text}`);
  };
  await add({ name: "Pat Payables", address: "pat.payables@example.com", role: "copy_always" });
  await add({ name: "Morgan Finance Director", address: "morgan@example.com", role: "escalation" });
  // A reminder to the first address bounces.
  const [first] = addressesOf(customer);
  const invoice = (await sandboxInvoices(synced.realmId)).find(
    (i) => i.CustomerRef.value === customer.Id && i.Balance > 0,
  )!;
  const mail = await sendReminder(stack(), synced, invoice.Id, { subject: `Invoice ${invoice.DocNumber}` });
  if (!mail.to.map((a) => a.toLowerCase()).includes(first!))
    throw new Error(`the reminder went to ${mail.to}`);
  await stack().mailbox.answer(mail.id, "bounce");
});

screenshotEachVariant(
  "screenshots of contacts",
  () => synced,
  async (page, variant) => {
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    await shoot(page, "contacts-customer-details", variant);

    await page.getByRole("region", { name: "Contacts" }).getByRole("button", { name: "Add contact" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email address").fill("not-an-address");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await dialog.getByRole("alert").waitFor();
    await shoot(page, "contacts-add-dialog", variant);
    await page.keyboard.press("Escape");

    await page.goto("/dashboard");
    await settle(page);
    await shoot(page, "contacts-dashboard", variant);
  },
);
