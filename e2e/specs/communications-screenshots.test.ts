import { type ConnectedUser, connectedCompany, sendReminder } from "@recoup/api/testing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import { isoDaysFromNow, remindableInvoices, type Target, threadUrl } from "./communications-helpers.ts";
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
let synced: ConnectedUser;
let replied: Target;
let bounced: Target;

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-comms",
    firstName: "Cleo",
  });
  const [a, b, c] = await remindableInvoices(synced);
  if (!a || !b || !c) throw new Error("not enough remindable invoices");
  [replied, bounced] = [a, c];
  const first = await sendReminder(stack(), synced, a.invoiceId, {
    subject: `Invoice ${a.docNumber} is overdue`,
  });
  await stack().mailbox.answer(first.id, "reply", {
    text: "Hello,\n\nThanks for the reminder. We paid half today and will pay the rest on Friday.\n\nBest regards,\nAccounts payable",
  });
  const second = await sendReminder(stack(), synced, b.invoiceId, {
    subject: `Reminder: invoice ${b.docNumber}`,
  });
  await stack().mailbox.answer(second.id, "out-of-office", { returnDate: isoDaysFromNow(9) });
  const third = await sendReminder(stack(), synced, c.invoiceId, {
    subject: `Invoice ${c.docNumber} is due`,
  });
  await stack().mailbox.answer(third.id, "bounce");
});

describe.skipIf(!screenshotsEnabled)("screenshots of Communications", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await logIn(page, synced);

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
