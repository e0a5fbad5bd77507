import { beforeAll, describe, expect, it } from "vitest";
import { settle } from "./collections-helpers.ts";
import { daysAfter, dueLast, openForm, postHold, remindedCustomerForFile } from "./customer-page-helpers.ts";
import {
  screenshotBrowser,
  screenshotDir,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the customer page for a person to review, in e2e/screenshots/ (git-ignored): the
 * page with an invoice both promised and disputed, the promise form filled in, and the dispute form
 * refusing an empty answer. Only with E2E_SCREENSHOTS=1.
 */
const browser = screenshotBrowser();
const customer = remindedCustomerForFile(
  browser,
  { label: "shots-pay", firstName: "Penny" },
  (open) => (open.length >= 2 ? dueLast(open) : undefined),
  screenshotsEnabled,
);

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  // The email's invoice, promised and disputed, as the page's forms would send them.
  const invoiceId = customer.target.invoiceId;
  await postHold(customer.link, "promise", { invoiceIds: [invoiceId], date: daysAfter(customer.today, 14) });
  await postHold(customer.link, "dispute", {
    invoiceId,
    reason: "wrong_amount",
    message: "The hours on this invoice are more than we agreed.",
  });
});

describe.skipIf(!screenshotsEnabled)("screenshots of the customer page", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await page.goto(customer.link);
      await settle(page);
      await shoot(page, "customer-page-holds", variant);

      // The dialogs as they sit in the window (not the whole page's height).
      const inWindow = (screen: string) =>
        page.screenshot({ path: `${screenshotDir}${screen}-${variant.name}.png` });
      const other = customer.expected.find((inv) => inv.id !== customer.target.invoiceId)!;
      let dialog = await openForm(page, "Promise to pay", customer.target.docNumber ?? "");
      await dialog.getByLabel("I will pay by").fill(daysAfter(customer.today, 21));
      await dialog.getByLabel("Note (optional)").fill("Paying by bank transfer.");
      await page.waitForTimeout(400);
      await inWindow("customer-page-promise-dialog");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });

      dialog = await openForm(page, "Dispute", other.number);
      await dialog.getByRole("button", { name: "Send dispute" }).click();
      await page.waitForTimeout(400);
      await inWindow("customer-page-dispute-dialog");
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
