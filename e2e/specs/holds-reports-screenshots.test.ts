import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { logIn, stack } from "../browser.ts";
import { sandboxInvoices, settle } from "./collections-helpers.ts";
import { dispute, ofDistinctCustomers, promise } from "./holds-reports-helpers.ts";
import {
  screenshotBrowser,
  screenshotsEnabled,
  screenshotVariants,
  shoot,
  variantContext,
} from "./screenshots.ts";

/**
 * Screenshots of the dashboard's Promised and Disputed figures and of the aging report with
 * disputed invoices apart (the sample company, a few holds), in e2e/screenshots/ (git-ignored).
 * Only with E2E_SCREENSHOTS=1.
 */
const browser = screenshotBrowser();

describe.skipIf(!screenshotsEnabled)("screenshots of promises and disputes in the reports", () => {
  let user: ConnectedUser;

  beforeAll(async () => {
    user = await connectedCompany(stack(), inject("quickbooksUrl"), {
      label: "holds-shots",
      firstName: "Ines",
    });
    const open = (await sandboxInvoices(user.realmId)).filter((i) => i.Balance > 0);
    await promise(user, ofDistinctCustomers(open, "USD", 3), 7);
    await dispute(user, [...ofDistinctCustomers(open, "EUR", 1), ...ofDistinctCustomers(open, "CAD", 1)]);
  });

  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const { context, page, problems } = await variantContext(browser(), variant);
      await logIn(page, user);
      await settle(page);
      await shoot(page, "holds-dashboard", variant);
      await page.goto("/aging-report?disputed=apart");
      await settle(page);
      await shoot(page, "holds-aging-report-apart", variant);
      expect(problems).toEqual([]);
      await context.close();
    });
  }
});
