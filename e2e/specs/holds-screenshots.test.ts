import { type ConnectedUser, connectedCompany, sendReminder, until } from "@recoup/api/testing";
import { apiPaths } from "@recoup/contracts";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, stack } from "../browser.ts";
import { settle } from "./collections-helpers.ts";
import {
  isoDaysFromNow,
  remindableInvoices,
  type Target,
  threadOf,
  threadUrl,
} from "./communications-helpers.ts";
import {
  screenshotBrowser,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of promises to pay and disputes, for a person to review, in e2e/screenshots/
 * (git-ignored): a thread with a promise and a reply's suggestion (and its change dialog), a
 * disputed thread, and the badges in Invoices, Customer Details and Communications. Only with E2E_SCREENSHOTS=1.
 */
const browser = screenshotBrowser();
let synced: ConnectedUser;
let promised: Target;
let disputed: Target;

async function post(path: string, body: Record<string, unknown>) {
  const res = await stack().call("POST", path, {
    token: synced.token,
    body: { companyId: synced.companyId, ...body },
  });
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${res.text}`);
}

beforeAll(async () => {
  if (!screenshotsEnabled) return;
  synced = await connectedCompany(stack(), inject("quickbooksUrl"), {
    label: "shots-holds",
    firstName: "Hugo",
  });
  const [a, b] = await remindableInvoices(synced);
  if (!a || !b) throw new Error("not enough remindable invoices");
  [promised, disputed] = [a, b];

  // A promise by phone, then the customer writes a later date: the thread offers it.
  const first = await sendReminder(stack(), synced, a.invoiceId, {
    subject: `Invoice ${a.docNumber} is overdue`,
  });
  await post(apiPaths.holds.promise, {
    invoiceId: a.invoiceId,
    date: isoDaysFromNow(3),
    note: "Called on Monday: their payment run is on Thursday.",
  });
  const later = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDaysFromNow(10)}T12:00:00Z`),
  );
  await stack().mailbox.answer(first.id, "reply", {
    text: `Hello,\n\nSorry, the payment run moved. We will pay on ${later}.\n\nBest regards,\nAccounts payable`,
  });
  await until(async () => (await threadOf(synced, a)).suggestion, 20_000, { what: "the reply's suggestion" });

  await sendReminder(stack(), synced, b.invoiceId, { subject: `Reminder: invoice ${b.docNumber}` });
  await post(apiPaths.holds.dispute, {
    invoiceId: b.invoiceId,
    reason: "goods_or_service",
    message: "Two of the five chairs arrived broken. We will pay once they are replaced.",
  });
});

describe.skipIf(!screenshotsEnabled)("screenshots of promises and disputes", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await logIn(page, synced);

      await page.goto(threadUrl(promised));
      await settle(page);
      await shoot(page, "holds-thread-promise", variant);

      await page.getByTestId("promise-panel").getByRole("button", { name: "Change promise" }).click();
      await page.getByRole("dialog").getByLabel("Pay by").waitFor();
      await settle(page);
      await shoot(page, "holds-change-promise", variant);
      await page.keyboard.press("Escape");

      await page.goto(threadUrl(disputed));
      await settle(page);
      await shoot(page, "holds-thread-dispute", variant);

      // The oldest unpaid first: where remindableInvoices found the two.
      await page.goto("/invoices?status=unpaid&sort=dueDate&order=asc");
      await settle(page);
      await shoot(page, "holds-invoices", variant);

      await page.goto(`/customers/${disputed.customerRef}`);
      await settle(page);
      await shoot(page, "holds-customer-details", variant);

      await page.goto("/communications?hold=promised");
      await settle(page);
      await shoot(page, "holds-communications", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
