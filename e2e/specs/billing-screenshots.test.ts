import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, logIn, newContext } from "../browser.ts";
import {
  addCardDirectly,
  advanceClock,
  DAY,
  routeDetails,
  type TrialUser,
  trialUser,
} from "./billing-helpers.ts";
import { visible } from "./flows-helpers.ts";
import { makeScreenshotDir, screenshotsEnabled, screenshotVariants, shoot } from "./screenshots.ts";

/**
 * Screenshots of Billing and the trial-ended modal for a person to review, in e2e/screenshots/
 * (git-ignored), light and dark, desktop and 390 px. Only with E2E_SCREENSHOTS=1.
 */
const enabled = screenshotsEnabled;

let browser: Browser;
let trial: TrialUser;
let ended: TrialUser;
let active: TrialUser;

beforeAll(async () => {
  if (!enabled) return;
  makeScreenshotDir();
  browser = await launchBrowser();
  [trial, ended, active] = await Promise.all([
    trialUser("shots-trial"),
    trialUser("shots-ended"),
    trialUser("shots-active"),
  ]);
  await advanceClock(ended.customer.clock, 15);
  await addCardDirectly(active.customer.id, "4242 4242 4242 4242");
  await advanceClock(active.customer.clock, 15);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe.skipIf(!enabled)("screenshots of Billing and the trial-ended modal", () => {
  for (const variant of screenshotVariants) {
    it(`${variant.name} (${variant.width} px)`, async () => {
      const open = async (user: TrialUser) => {
        const made = await newContext(browser, { colorScheme: variant.colorScheme, width: variant.width });
        made.context.setDefaultTimeout(20_000);
        await logIn(made.page, user, "/dashboard");
        return made;
      };
      const banner = (page: import("playwright-core").Page) => page.getByTestId("subscription-banner");

      const a = await open(trial);
      await a.page.goto("/billing");
      await visible(banner(a.page));
      await shoot(a.page, "billing-trial", variant);
      await a.context.close();

      const b = await open(ended);
      const dialog = b.page.getByRole("alertdialog", { name: "Trial Period Ended" });
      await visible(dialog);
      await shoot(b.page, "trial-ended-modal", variant);
      await b.page.goto("/billing");
      await expect.poll(() => banner(b.page).getAttribute("data-kind")).toBe("trial-ended");
      await shoot(b.page, "billing-trial-ended", variant);
      await b.context.close();

      const c = await open(active);
      await c.page.goto("/billing");
      await expect.poll(() => banner(c.page).getAttribute("data-kind")).toBe("active");
      await shoot(c.page, "billing-active", variant);
      await c.context.close();

      // The limit reached (the details answered by the test).
      const d = await open(trial);
      const now = Math.floor(Date.now() / 1000);
      await routeDetails(d.page, {
        data: {
          billingEnabled: true,
          sessionURL: "http://127.0.0.1:9/p/session/test_x",
          supportEmail: "support@recoup.local",
          subscriptionDetails: {
            status: "active",
            planName: "Starter",
            amount: 2900,
            currency: "usd",
            interval: "month",
            endDate: now + 12 * DAY,
            trialEnd: now - 20 * DAY,
            usageLimit: 100,
            cancelAt: null,
            invoicesUsed: 100,
            usageMonth: new Date().toISOString().slice(0, 7),
          },
        },
      });
      await d.page.goto("/dashboard");
      await visible(d.page.getByTestId("usage-limit-notice"));
      await shoot(d.page, "dashboard-limit-reached", variant);
      await d.page.goto("/billing");
      await visible(banner(d.page));
      await shoot(d.page, "billing-limit-reached", variant);
      await d.context.close();
      expect(a.problems.concat(b.problems, c.problems, d.problems)).toEqual([]);
    }, 120_000);
  }
});
