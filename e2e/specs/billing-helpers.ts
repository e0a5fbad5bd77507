/**
 * Helpers for the billing specs: the Stripe sandbox of the running stack, read through its REST
 * API (with the key made for this run) and its control API, and Recoup users on a trial there.
 */
import { type CompanyUser, createCompany, sleep, until } from "@recoup/api/testing";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { stack } from "../browser.ts";

export const DAY = 86_400;
const stripeUrl = () => inject("stripeUrl");

interface StripeList<T> {
  data: T[];
}
export interface SandboxSubscription {
  id: string;
  status: string;
  customer: string;
  trial_end: number | null;
  items: { data: { current_period_end: number; price: { id: string; unit_amount: number } }[] };
}
interface SandboxEvent {
  type: string;
  data: { object: { id: string; email?: string | null; test_clock?: string | null } };
}

/** GET on the sandbox's Stripe API, as the official SDK would call it. */
async function stripeGet<T>(path: string): Promise<T> {
  const res = await fetch(`${stripeUrl()}${path}`, {
    headers: { authorization: `Bearer ${inject("stripeSecretKey")}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stripeUrl()}/_sandbox${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} /_sandbox${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The provider's customer made for `email` at onboarding (the job is asynchronous), with its clock. */
export function customerOf(email: string): Promise<{ id: string; clock: string }> {
  return until(
    async () => {
      const { data } = await control<StripeList<SandboxEvent>>("GET", "/events?type=customer.created");
      const found = data.find((e) => e.data.object.email === email)?.data.object;
      if (!found?.test_clock || (await subscriptionsOf(found.id)).length === 0) return undefined;
      return { id: found.id, clock: found.test_clock };
    },
    30_000,
    { what: `a Stripe customer for ${email}`, intervalMs: 200 },
  );
}

export async function subscriptionsOf(customerId: string) {
  return (
    await stripeGet<StripeList<SandboxSubscription>>(`/v1/subscriptions?customer=${customerId}&status=all`)
  ).data;
}

/** Moves the customer's test clock and waits for the webhooks it caused. */
export async function advanceClock(clockId: string, days: number) {
  await control("POST", `/test_clocks/${clockId}/advance`, { days });
  await control("POST", "/webhook/flush", { timeout_ms: 10_000 });
}

export const failNextCharge = (customerId: string) =>
  control("POST", `/customers/${customerId}/fail_next_charge`, {});

/** A portal session URL without going through the app (for set-up steps that are not under test). */
export const portalUrl = async (customerId: string) =>
  (await control<{ url: string }>("POST", `/customers/${customerId}/portal_session`, {})).url;

/** The portal's card form posted directly (set-up steps only; the specs under test use the page). */
export async function addCardDirectly(customerId: string, number: string) {
  const url = await portalUrl(customerId);
  const res = await fetch(`${url}/payment_method`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ card_number: number, card_expiry: "12 / 34", card_cvc: "123" }).toString(),
    redirect: "manual",
  });
  expect(res.status).toBe(303);
  await control("POST", "/webhook/flush", { timeout_ms: 10_000 });
}

/** Fills and sends the hosted portal page's card form, as a person does. */
export async function addCardOnPortalPage(portal: Page, number: string) {
  await portal.getByLabel("Card number").fill(number);
  await portal.getByLabel("Expiration date (MM / YY)").fill("12 / 34");
  await portal.getByLabel("Security code (CVC)").fill("123");
  await portal.getByRole("button", { name: "Add card" }).click();
}

export interface TrialUser extends CompanyUser {
  customer: { id: string; clock: string };
  subscription: SandboxSubscription;
}

/** An onboarded user whose trial is at the provider. */
export async function trialUser(label: string): Promise<TrialUser> {
  const user = await createCompany(stack(), { label });
  const customer = await customerOf(user.email);
  const [subscription] = await subscriptionsOf(customer.id);
  return { ...user, customer, subscription: subscription! };
}

/** The banner the app shows about the subscription, and the dialog when the trial has ended. */
export const banner = (page: Page) => page.getByTestId("subscription-banner");
export const modal = (page: Page) => page.getByRole("alertdialog", { name: "Trial Period Ended" });

/** "Nov 23, 2026": how the app writes a date (unix seconds) in this browser's locale and zone. */
export const shortDate = (seconds: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium" }).format(new Date(seconds * 1000));

/** The Billing page's subscription details, replaced by `body` (states the sandbox cannot reach). */
export async function routeDetails(
  page: Page,
  body: unknown,
  opts: { status?: number; delayMs?: number } = {},
) {
  await page.route("**/v1/business/subscription/details?*", async (route) => {
    if (opts.delayMs) await sleep(opts.delayMs);
    await route.fulfill({
      status: opts.status ?? 200,
      contentType: "application/json",
      body: JSON.stringify(body),
    });
  });
}
