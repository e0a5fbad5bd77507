import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { beforeAll, inject } from "vitest";
import { stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import { contactCustomers, type SandboxCustomer } from "./contacts-helpers.ts";
import { screenshotEachVariant, screenshotsEnabled, shoot } from "./screenshots.ts";

/**
 * Screenshots of statements, for a person to review, in e2e/screenshots/ (git-ignored): Customer
 * Details' actions, a sent statement in its thread, the send dialog (with addresses and without),
 * and the monthly setting on Email Templates. Only with E2E_SCREENSHOTS=1.
 */
let synced: ConnectedUser;
let customer: SandboxCustomer;
let unreachable: SandboxCustomer;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-statements",
    firstName: "Sol",
  });
  const found = await contactCustomers(synced.realmId);
  customer = found.twoAddresses[0]!;
  unreachable = found.unreachable[0]!;
  // A statement sent, so its thread shows one.
  const sent = await stack().call("POST", apiPaths.customers.sendStatement, {
    token: synced.token,
    body: { companyId: synced.companyId, customerRef: customer.Id },
  });
  if (sent.status !== 200) throw new Error(`send statement: ${sent.status} ${sent.text}`);
  await stack().mailbox.waitFor(sent.json.data.to[0], /^Statement of account/);
});

screenshotEachVariant(
  "screenshots of statements",
  () => synced,
  async (page, variant) => {
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    await shoot(page, "statements-customer-details", variant);
    // The statement in the thread of the customer's invoice due longest ago.
    await page.getByRole("region", { name: "Communications" }).getByRole("link").first().click();
    await page.getByText("Statement of account", { exact: true }).first().waitFor();
    await settle(page);
    await shoot(page, "statements-thread", variant);
    await page.goto(`/customers/${customer.Id}`);
    await settle(page);
    await page.getByRole("button", { name: "Send statement" }).click();
    await page.getByRole("dialog").waitFor();
    await shoot(page, "statements-send-dialog", variant);
    await page.keyboard.press("Escape");

    await page.goto(`/customers/${unreachable.Id}`);
    await settle(page);
    await page.getByRole("button", { name: "Send statement" }).click();
    await page.getByRole("dialog").getByRole("alert").waitFor();
    await shoot(page, "statements-send-no-address", variant);
    await page.keyboard.press("Escape");

    await page.goto("/email-templates");
    await settle(page);
    await shoot(page, "statements-monthly-setting", variant);
  },
);
