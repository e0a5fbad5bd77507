import { beforeAll, describe, expect, it } from "vitest";

import { createSyncedUser, logInAs, type SyncedUser, settle } from "./collections-helpers.ts";
import {
  answerAsCustomer,
  isoDaysFromNow,
  remindableInvoices,
  sendReminder,
  type Target,
} from "./communications-helpers.ts";
import {
  screenshotBrowser,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of Communications (the list, a thread with a reply waiting, the composer), and of the
 * pause reasons on Invoices and Customer Details, for a person to review, in e2e/screenshots/
 * (git-ignored). Only with E2E_SCREENSHOTS=1.
 */
const browser = screenshotBrowser();
let synced: SyncedUser;
let replied: Target;
let bounced: Target;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await createSyncedUser("shots-comms", "Cleo");
  const [a, b, c] = await remindableInvoices(synced);
  if (!a || !b || !c) throw new Error("not enough remindable invoices");
  [replied, bounced] = [a, c];
  const first = await sendReminder(synced, a, `Invoice ${a.docNumber} is overdue`);
  await answerAsCustomer(first.id, "reply", {
    text: "Hello,\n\nThanks for the reminder. We paid half today and will pay the rest on Friday.\n\nBest regards,\nAccounts payable",
  });
  const second = await sendReminder(synced, b, `Reminder: invoice ${b.docNumber}`);
  await answerAsCustomer(second.id, "out-of-office", { returnDate: isoDaysFromNow(9) });
  const third = await sendReminder(synced, c, `Invoice ${c.docNumber} is due`);
  await answerAsCustomer(third.id, "bounce");
});

const threadUrl = (t: Target) =>
  `/communications?${new URLSearchParams({ invoice: t.invoiceId, customer: t.customerRef })}`;

describe.skipIf(!screenshotsEnabled)("screenshots of Communications", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await logInAs(page, synced);

      await page.goto("/communications");
      await settle(page);
      await shoot(page, "communications", variant);

      await page.goto(threadUrl(replied));
      await settle(page);
      await page.getByRole("button", { name: "Show quoted text" }).click();
      await shoot(page, "communications-thread", variant);

      await page.getByRole("button", { name: "Start from template" }).click();
      await page.getByRole("region", { name: "Write to the customer" }).getByLabel("Subject").waitFor();
      await settle(page);
      await shoot(page, "communications-composer", variant);

      await page.goto(threadUrl(bounced));
      await settle(page);
      await shoot(page, "communications-bounce", variant);

      await page.goto(`/customers/${bounced.customerRef}`);
      await settle(page);
      await shoot(page, "customer-details-communications", variant);

      await page.goto("/invoices?q=Valley");
      await settle(page);
      await shoot(page, "invoices-pause-reasons", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
