/**
 * Helpers for the collections specs (dashboard, customers, invoices, aging report) and the
 * accessibility spec: the sandbox's own records to check figures against, and a page settled.
 */
import { type ConnectedUser, connectedCompany } from "@recoup/api/testing";
import type { Page } from "playwright-core";
import { beforeAll, expect, inject } from "vitest";
import { stack } from "../browser.ts";

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

/** Today in the company's time zone (the kit onboards companies in UTC). */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * The spec file's company connected to the sample QuickBooks company (made before its tests), and
 * the sandbox's invoices of it: all, open (a balance left), and past due today. The fields are
 * there once the tests run.
 */
export function sampleForFile(label: string, firstName: string) {
  const synced = {} as {
    user: ConnectedUser;
    invoices: SandboxInvoice[];
    open: SandboxInvoice[];
    overdue: SandboxInvoice[];
  };
  beforeAll(async () => {
    synced.user = await connectedCompany(stack(), inject("quickbooksUrl"), { label, firstName });
    synced.invoices = await sandboxInvoices(synced.user.realmId);
    synced.open = synced.invoices.filter((i) => i.Balance > 0);
    synced.overdue = synced.open.filter((i) => i.DueDate < todayUtc());
  });
  return synced;
}

/** The open balance of one customer's invoices, by the sandbox, in cents. */
export const openCentsOf = (open: SandboxInvoice[], customerId: string) =>
  open.filter((i) => i.CustomerRef.value === customerId).reduce((sum, i) => sum + toCents(i.Balance), 0);

// The list pages: their state in the URL, their pages and rows.
const search = (page: Page) => new URL(page.url()).search;
export const urlIs = (page: Page, expected: string) =>
  expect.poll(() => search(page), { timeout: 10_000 }).toBe(expected);
export const pageLabel = (page: Page, x: number, y: number) =>
  page.getByText(`Page ${x} of ${y}`, { exact: true });
export const bodyRows = (page: Page) => page.locator("tbody tr");
export const cellTexts = (page: Page, column: number) =>
  bodyRows(page).evaluateAll((rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? ""), column);
