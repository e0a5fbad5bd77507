/**
 * Helpers for the collections specs (dashboard, customers, invoices, aging report) and the
 * accessibility spec: a company synced with the sample QuickBooks company (the shared test kit),
 * signed in through the login form, and the sandbox's own records to check figures against.
 */
import { httpCaller, type KitUser, Mailbox, syncedCompany } from "@recoup/api/testing/kit";
import type { Page } from "playwright-core";
import { inject } from "vitest";

import { appUrl } from "../browser.ts";
import { expectPath, submitLogin } from "./flows-helpers.ts";

export type SyncedUser = KitUser & { companyId: string; realmId: string };

export const caller = () => httpCaller(appUrl());

/** A new user whose company is connected to the sample QuickBooks company and synced. */
export function createSyncedUser(label: string, firstName = "Sam"): Promise<SyncedUser> {
  return syncedCompany(caller(), new Mailbox(inject("inboxUrl")), inject("quickbooksUrl"), {
    label,
    firstName,
    lastName: "Collector",
  });
}

/** Logs in through the form and waits for the dashboard. */
export async function logInAs(page: Page, user: Pick<KitUser, "email" | "password">) {
  await page.goto("/login");
  await submitLogin(page, user.email, user.password);
  await expectPath(page, "/dashboard");
}

/** GET on the QuickBooks sandbox's control API (loopback only): the sandbox's own records. */
export async function sandboxGet<T>(path: string): Promise<T> {
  const res = await fetch(`${inject("quickbooksUrl")}/_control${path}`);
  if (!res.ok) throw new Error(`sandbox GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A query on the sandbox's Accounting API, with a token the control API issues for the realm. */
export async function sandboxQuery<T>(realmId: string, query: string): Promise<T> {
  const base = inject("quickbooksUrl");
  const tokens = await fetch(`${base}/_control/realms/${realmId}/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  if (!tokens.ok) throw new Error(`sandbox tokens: ${tokens.status} ${await tokens.text()}`);
  const { access_token } = (await tokens.json()) as { access_token: string };
  const url = `${base}/v3/company/${realmId}/query?query=${encodeURIComponent(query)}&minorversion=75`;
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${access_token}`, accept: "application/json" },
  });
  if (!res.ok) throw new Error(`sandbox query: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until nothing on the page is loading (no skeleton, nothing aria-busy) and transitions end. */
export async function settle(page: Page) {
  await page.locator("h1").first().waitFor({ state: "visible", timeout: 20_000 });
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], [data-slot="skeleton"]'),
    null,
    {
      timeout: 20_000,
    },
  );
  await page.waitForTimeout(500);
}

export interface SandboxInvoice {
  Id: string;
  DocNumber?: string;
  TxnDate: string;
  DueDate: string;
  TotalAmt: number;
  Balance: number;
  CurrencyRef: { value: string };
  CustomerRef: { value: string; name: string };
}

/** Every invoice of the realm, from the sandbox's Accounting API. */
export async function sandboxInvoices(realmId: string): Promise<SandboxInvoice[]> {
  const res = await sandboxQuery<{ QueryResponse: { Invoice?: SandboxInvoice[] } }>(
    realmId,
    "select * from Invoice startposition 1 maxresults 1000",
  );
  return res.QueryResponse.Invoice ?? [];
}

/** Amounts in dollars (the Accounting API's) to integer cents. */
export const toCents = (amount: number) => Math.round(amount * 100);

/** Cents in the browser's format (Chromium here runs en-US). */
export const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

/** Today in the company's time zone (the kit onboards companies in UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
