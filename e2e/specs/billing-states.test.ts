/**
 * The Billing page's and the shell's states that the sandbox does not reach on demand, with the
 * details call answered by the test: loading, the load failure with 'Try Again', the empty state
 * with 'Refresh', 'Status Unknown', no portal link, the monthly limit reached (Dashboard and
 * Billing), billing off on this server, the modal without a portal link. Then axe on the real page.
 */
import type { KitUser } from "@recoup/api/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { chromiumForFile, expectPath, logIn, signedIn } from "../browser.ts";
import { axeContext, describeViolations, seriousViolations } from "./axe.ts";
import { banner, DAY, modal, routeDetails, trialUser } from "./billing-helpers.ts";
import { expectTitle, gone, visible } from "./flows-helpers.ts";

const browser = chromiumForFile();
let user: KitUser;
beforeAll(async () => {
  user = await trialUser("billing-states");
});

const now = () => Math.floor(Date.now() / 1000);
const details = (over: Record<string, unknown> = {}) => ({
  status: "active",
  planName: "Starter",
  amount: 2900,
  currency: "usd",
  interval: "month",
  endDate: now() + 20 * DAY,
  trialEnd: now() - 10 * DAY,
  usageLimit: 100,
  cancelAt: null,
  invoicesUsed: 12,
  usageMonth: new Date().toISOString().slice(0, 7),
  ...over,
});
const answer = (over: Record<string, unknown> = {}, data: Record<string, unknown> = {}) => ({
  data: {
    billingEnabled: true,
    subscriptionDetails: details(over),
    sessionURL: "http://127.0.0.1:9/p/session/test_x",
    supportEmail: "help@example.com",
    ...data,
  },
});

async function billingWith(body: unknown, opts: Parameters<typeof routeDetails>[2] = {}) {
  const made = await signedIn(browser(), user);
  await routeDetails(made.page, body, opts);
  await made.page.goto("/billing");
  await expectTitle(made.page, "Billing");
  return made;
}

describe("the Billing page's states", () => {
  it("loading, then 'Failed to load subscription details' with 'Try Again', which loads it", async () => {
    const { page, context } = await signedIn(browser(), user);
    await routeDetails(
      page,
      { error: { code: "INTERNAL_ERROR", message: "boom" } },
      { status: 500, delayMs: 1500 },
    );
    await page.goto("/billing");
    await visible(page.getByRole("status").filter({ hasText: "Loading subscription details..." }));
    const failed = page.getByRole("alert").filter({ hasText: "Failed to load subscription details" });
    await visible(failed, 30_000);
    await page.unroute("**/v1/business/subscription/details?*");
    await failed.getByRole("button", { name: "Try Again" }).click();
    await visible(banner(page));
    expect(await banner(page).textContent()).toContain("Trial Period Active");
    await context.close();
  });

  it("'No subscription details found' with 'Refresh'", async () => {
    const { page, context } = await billingWith(answer({}, { subscriptionDetails: null, sessionURL: null }));
    await visible(page.getByRole("heading", { name: "No subscription details found" }));
    expect(await page.getByRole("button", { name: "Refresh" }).isEnabled()).toBe(true);
    await context.close();
  });

  it("a status the app does not know reads 'Status Unknown', with 'Upgrade Now'", async () => {
    const { page, context } = await billingWith(answer({ status: "paused", trialEnd: now() + 3 * DAY }));
    await visible(banner(page));
    expect(await banner(page).textContent()).toContain("Status Unknown");
    expect(await page.getByRole("region", { name: "Current Plan" }).textContent()).toContain("Unknown");
    expect(await page.getByRole("link", { name: "Upgrade Now" }).count()).toBe(1);
    await context.close();
  });

  it("without a portal link the Payment card's button is disabled", async () => {
    for (const [status, label] of [
      ["active", "Manage Subscription"],
      ["past_due", "Upgrade Now"],
    ]) {
      const { page, context } = await billingWith(answer({ status }, { sessionURL: null }));
      await visible(banner(page));
      const button = page.getByRole("region", { name: "Payment" }).getByRole("button", { name: label });
      expect(await button.isDisabled()).toBe(true);
      expect(await page.getByRole("link", { name: /at Stripe/ }).count()).toBe(0);
      await context.close();
    }
  });

  it("an active plan shows its price, renewal and usage; 'Subscription Active' with 'Manage Subscription'", async () => {
    const endDate = now() + 20 * DAY;
    const { page, context } = await billingWith(answer({ endDate, invoicesUsed: 12 }));
    await visible(banner(page));
    expect(await banner(page).textContent()).toContain(
      "Subscription ActiveYour subscription is in good standing.",
    );
    const plan = page.getByRole("region", { name: "Current Plan" });
    expect(await plan.getByTestId("plan-price").textContent()).toBe("$29.00 / month");
    const date = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(endDate * 1000));
    expect(await plan.textContent()).toContain(`Renewal date${date}`);
    expect(await plan.textContent()).toContain("12 of 100 invoices this month");
    const manage = page
      .getByRole("region", { name: "Payment" })
      .getByRole("link", { name: "Manage Subscription" });
    expect(await manage.getAttribute("href")).toBe("http://127.0.0.1:9/p/session/test_x");
    await context.close();
  });
});

describe("the monthly limit", () => {
  it("reached: the Dashboard and Billing say so, with the day reminders resume", async () => {
    const month = new Date().toISOString().slice(0, 7);
    const [y, m] = month.split("-").map(Number) as [number, number];
    const resumes = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(
      new Date(Date.UTC(y, m, 1)),
    );
    const body = answer({ invoicesUsed: 100, usageLimit: 100, usageMonth: month });
    const { page, context } = await signedIn(browser(), user);
    await routeDetails(page, body);
    await page.goto("/dashboard");
    const notice = page.getByTestId("usage-limit-notice");
    await visible(notice);
    expect(await notice.textContent()).toContain("Monthly invoice limit reached");
    expect(await notice.textContent()).toContain(
      `Reminders went out for 100 of the 100 invoices your Starter plan allows this month. Automatic reminders are paused until ${resumes}.`,
    );
    await notice.getByRole("link", { name: "Upgrade on the Billing page" }).click();
    await expectPath(page, "/billing");
    const plan = page.getByRole("region", { name: "Current Plan" });
    await visible(plan.getByTestId("usage-limit-reached"));
    expect(await plan.textContent()).toContain("100 of 100 invoices this month");
    expect(await plan.textContent()).toContain(`Automatic reminders are paused until ${resumes}`);
    await context.close();
  });

  it("not reached, or on a trial: no notice", async () => {
    const { page, context } = await signedIn(browser(), user);
    await routeDetails(
      page,
      answer({ status: "trialing", trialEnd: now() + 5 * DAY, usageLimit: null, invoicesUsed: 400 }),
    );
    await page.goto("/dashboard");
    await expectTitle(page, "Dashboard");
    await page.waitForTimeout(800);
    expect(await page.getByTestId("usage-limit-notice").count()).toBe(0);
    await context.close();
  });
});

describe("billing off and the modal without a portal link", () => {
  it("billing off: the Billing page says so, and no modal shows however the trial went", async () => {
    const { page, context } = await billingWith(
      answer({}, { billingEnabled: false, subscriptionDetails: null, sessionURL: null }),
    );
    await visible(page.getByRole("heading", { name: "Billing is not enabled on this server" }));
    await page.goto("/dashboard");
    await expectTitle(page, "Dashboard");
    await page.waitForTimeout(800);
    expect(await modal(page).count()).toBe(0);
    await context.close();
  });

  it("the modal without a portal link offers 'Upgrade Now', which goes to Billing; support goes to SUPPORT_EMAIL", async () => {
    const { page, context } = await signedIn(browser(), user);
    await routeDetails(page, answer({ status: "trialing", trialEnd: now() - DAY }, { sessionURL: null }));
    await page.goto("/invoices");
    await visible(modal(page));
    expect(await modal(page).getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe(
      "mailto:help@example.com",
    );
    expect(await modal(page).getByRole("link", { name: "Manage Subscription" }).count()).toBe(0);
    await modal(page).getByRole("button", { name: "Upgrade Now" }).click();
    await expectPath(page, "/billing");
    await gone(modal(page));
    expect(await banner(page).textContent()).toContain("Trial Period Ended");
    await context.close();
  });
});

describe("accessibility", () => {
  it("axe finds nothing serious on Billing and on the modal, in light and dark", async () => {
    const found: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      const { context, page } = await axeContext(browser(), theme);
      await logIn(page, user);
      await page.goto("/billing");
      await visible(banner(page));
      await page.waitForTimeout(400);
      found.push(...describeViolations(`/billing (${theme})`, await seriousViolations(page)));
      await routeDetails(page, answer({ status: "trialing", trialEnd: now() - DAY }));
      await page.goto("/dashboard");
      await visible(modal(page));
      await page.waitForTimeout(400);
      found.push(...describeViolations(`modal (${theme})`, await seriousViolations(page)));
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
