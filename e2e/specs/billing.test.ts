/**
 * Billing in the browser against the Stripe sandbox, each user on a test clock of their own: the
 * trial on the Billing page, its end (the blocking modal on every signed-in page but Billing), a
 * card in the hosted portal (accepted, declined), a failed renewal, a cancellation and a renewal.
 * Expected values come from the sandbox's own API, never from the app.
 */
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, expectPath, signedIn } from "../browser.ts";
import {
  addCardDirectly,
  addCardOnPortalPage,
  advanceClock,
  banner,
  DAY,
  failNextCharge,
  modal,
  shortDate,
  subscriptionsOf,
  trialUser,
} from "./billing-helpers.ts";
import { expectTitle, gone, visible } from "./flows-helpers.ts";

const browser = chromiumForFile();

const card = (page: Page, name: string) => page.getByRole("region", { name });

/** 'Upgrade Now' on the Payment card: the portal in a new tab. */
async function portalFromBilling(page: Page) {
  const [portal] = await Promise.all([
    page.context().waitForEvent("page"),
    card(page, "Payment").getByRole("link", { name: "Upgrade Now" }).click(),
  ]);
  return portal;
}

async function openBilling(page: Page) {
  await page.goto("/billing");
  await expectTitle(page, "Billing");
  await visible(banner(page));
}

/** The spec's modal, whole: title, both texts, its buttons and the support mail link. */
async function expectModal(page: Page, sessionLink: boolean) {
  const dialog = modal(page);
  await visible(dialog);
  await expect
    .poll(() => dialog.textContent())
    .toContain("Your trial period has ended. Please upgrade to continue using the service.");
  expect(await dialog.textContent()).toContain(
    "Please visit the subscription page to update your payment information and reactivate your account.",
  );
  expect(await dialog.getByRole("button", { name: "Go to Billing" }).count()).toBe(1);
  expect(await dialog.getByRole("link", { name: "Contact Support" }).getAttribute("href")).toBe(
    "mailto:support@recoup.local",
  );
  if (sessionLink) {
    const manage = dialog.getByRole("link", { name: "Manage Subscription" });
    expect(await manage.getAttribute("target")).toBe("_blank");
    expect(await manage.getAttribute("href")).toMatch(new RegExp(`^${inject("stripeUrl")}/p/session/`));
  } else {
    expect(await dialog.getByRole("button", { name: "Upgrade Now" }).count()).toBe(1);
  }
  expect(await dialog.getByRole("button", { name: /close/i }).count()).toBe(0);
}

describe("the trial", () => {
  it("Billing shows it: banner with the days left, the Current Plan and Payment cards, the portal link", async () => {
    const user = await trialUser("billing-trial");
    const { subscription } = user;
    const { page, problems, context } = await signedIn(browser(), user);
    await openBilling(page);
    const daysLeft = Math.ceil((subscription.trial_end! - Date.now() / 1000) / DAY);
    expect(daysLeft).toBe(14);
    expect(await banner(page).textContent()).toContain("Trial Period Active");
    expect(await banner(page).textContent()).toContain(`Your free trial has ${daysLeft} days remaining`);

    const plan = card(page, "Current Plan");
    expect(await plan.getByTestId("plan-name").textContent()).toBe("Starter");
    expect(await plan.getByTestId("plan-price").textContent()).toBe("Free Trial");
    const planText = await plan.textContent();
    expect(planText).toContain("Trial");
    expect(planText).toContain(`Renewal date${shortDate(subscription.items.data[0]!.current_period_end)}`);
    expect(planText).toContain(`Trial end date${shortDate(subscription.trial_end!)}`);
    expect(planText).toContain("Invoice usageNo Limit");

    const payment = card(page, "Payment");
    expect(await payment.textContent()).toContain("PlanStarter");
    const upgrade = payment.getByRole("link", { name: "Upgrade Now" });
    expect(await upgrade.getAttribute("target")).toBe("_blank");
    const provider = payment.getByRole("link", {
      name: "Manage your personal information and subscription at Stripe",
    });
    expect(await provider.getAttribute("target")).toBe("_blank");
    const [portal] = await Promise.all([context.waitForEvent("page"), upgrade.click()]);
    await portal.waitForLoadState();
    expect(await portal.title()).toBe("Billing | Stripe (sandbox)");
    expect(await portal.textContent("body")).toContain(user.email);
    expect(await modal(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("its end, as a person gets there: the sandbox portal's clock button; the modal everywhere but Billing; 4242 lifts it", async () => {
    const user = await trialUser("billing-end");
    const { page, problems, context } = await signedIn(browser(), user);
    await openBilling(page);
    // The sandbox's portal page (opened from Billing) moves the customer's test clock past the trial.
    const portal = await portalFromBilling(page);
    await portal.getByRole("button", { name: "Advance clock 15 days" }).click();
    await visible(portal.getByText("The test clock moved 15 days forward"));

    // Back in the app's tab (read every few seconds since the portal was opened), Billing shows the
    // ended trial, without the modal.
    await page.bringToFront();
    await expect.poll(() => banner(page).getAttribute("data-kind"), { timeout: 20_000 }).toBe("trial-ended");
    expect(await banner(page).textContent()).toContain("Trial Period Ended");
    expect(await card(page, "Payment").getByRole("link", { name: "Upgrade Now" }).count()).toBe(1);
    expect(await modal(page).count()).toBe(0);

    // Every other signed-in page is blocked.
    for (const path of [
      "/dashboard",
      "/customers",
      "/invoices",
      "/communications",
      "/aging-report",
      "/account",
      "/email-templates",
      "/integrations",
      "/no-such-page",
    ]) {
      await page.goto(path);
      await expectModal(page, true);
    }
    // Escape and a click outside do nothing.
    await page.keyboard.press("Escape");
    await page.mouse.click(5, 5);
    await page.waitForTimeout(300);
    expect(await modal(page).isVisible()).toBe(true);
    // 'Go to Billing' leads to Billing, where there is no modal.
    await modal(page).getByRole("button", { name: "Go to Billing" }).click();
    await expectPath(page, "/billing");
    await gone(modal(page));

    // Back on a page with the modal: 'Manage Subscription' opens the portal; a card there lifts it.
    await page.goto("/dashboard");
    await expectModal(page, true);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      modal(page).getByRole("link", { name: "Manage Subscription" }).click(),
    ]);
    await addCardOnPortalPage(tab, "4242 4242 4242 4242");
    await visible(tab.getByText("Card ending in 4242 added."));
    await page.bringToFront();
    await gone(modal(page), 30_000);
    const [sub] = await subscriptionsOf(user.customer.id);
    expect(sub!.status).toBe("active");
    await openBilling(page);
    await expect.poll(() => banner(page).getAttribute("data-kind")).toBe("active");
    expect(await banner(page).textContent()).toContain("Subscription Active");
    expect(await card(page, "Current Plan").getByTestId("plan-price").textContent()).toBe("$29.00 / month");
    expect(await card(page, "Current Plan").textContent()).toContain("0 of 100 invoices this month");
    expect(await card(page, "Payment").getByRole("link", { name: "Manage Subscription" }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("a declined card (4000 0000 0000 0002) in the portal leaves the trial ended", async () => {
    const user = await trialUser("billing-declined");
    await advanceClock(user.customer.clock, 15);
    const { page, context } = await signedIn(browser(), user);
    await expectModal(page, true);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      modal(page).getByRole("link", { name: "Manage Subscription" }).click(),
    ]);
    await addCardOnPortalPage(tab, "4000 0000 0000 0002");
    await visible(tab.getByRole("alert").filter({ hasText: "Your card was declined." }));
    await page.bringToFront();
    // longer than the modal's 5 s poll: still there
    await page.waitForTimeout(7_000);
    expect(await modal(page).isVisible()).toBe(true);
    expect((await subscriptionsOf(user.customer.id))[0]!.status).toBe("paused");
    await context.close();
  }, 120_000);
});

describe("after the trial", () => {
  it("a failed renewal reads 'Payment Required' with 'Upgrade Now'", async () => {
    const user = await trialUser("billing-pastdue");
    await addCardDirectly(user.customer.id, "4242 4242 4242 4242");
    await advanceClock(user.customer.clock, 15);
    await failNextCharge(user.customer.id);
    await advanceClock(user.customer.clock, 31);
    expect((await subscriptionsOf(user.customer.id))[0]!.status).toBe("past_due");
    const { page, context } = await signedIn(browser(), user, {});
    await openBilling(page);
    await expect.poll(() => banner(page).getAttribute("data-kind"), { timeout: 20_000 }).toBe("past-due");
    expect(await banner(page).textContent()).toContain("Payment Required");
    expect(await card(page, "Current Plan").textContent()).toContain("Past Due");
    expect(await card(page, "Payment").getByRole("link", { name: "Upgrade Now" }).count()).toBe(1);
    await context.close();
  }, 120_000);

  it("'Cancel immediately' in the portal reads 'Subscription Canceled'; 'Renew Subscription' makes it active", async () => {
    const user = await trialUser("billing-cancel");
    await addCardDirectly(user.customer.id, "4242 4242 4242 4242");
    const { page, context } = await signedIn(browser(), user);
    await openBilling(page);
    const tab = await portalFromBilling(page);
    await tab.getByRole("button", { name: "Cancel immediately" }).click();
    await visible(tab.getByText("Your plan was canceled."));
    await page.bringToFront();
    await expect.poll(() => banner(page).getAttribute("data-kind"), { timeout: 20_000 }).toBe("canceled");
    expect(await banner(page).textContent()).toContain("Subscription Canceled");
    const ended = (await subscriptionsOf(user.customer.id))[0]!;
    expect(ended.status).toBe("canceled");
    await banner(page).getByRole("button", { name: "Renew Subscription" }).click();
    await expect.poll(() => banner(page).getAttribute("data-kind"), { timeout: 20_000 }).toBe("active");
    const subs = await subscriptionsOf(user.customer.id);
    expect(subs.map((s) => s.status).sort()).toEqual(["active", "canceled"]);
    await context.close();
  }, 120_000);
});
