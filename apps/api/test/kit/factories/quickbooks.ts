/**
 * QuickBooks in tests: the sandbox at a fixed "now", a company connected to one of its sample
 * companies as a person connects it (and synced), an invoice due in N days, a sync run now.
 */
import { apiPaths } from "@recoup/contracts";
import type { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";
import type { AppContext } from "../../../src/context.ts";
import type { Caller } from "../call.ts";
import { until } from "../until.ts";
import {
  type CompanyUser,
  createCompany,
  expectStatus,
  type KitUser,
  type Stack,
  type UserOptions,
} from "./users.ts";

/** The sandbox's first sample company, connected by default, and the second (whose ids overlap the first's). */
export const SAMPLE_REALM = "9341452000000001";
export const OTHER_REALM = "9341452000000002";
/** 12:30 in Los Angeles on Monday 16 March 2026 (daylight time): the tests' sandbox "now". */
export const DATA_NOW = "2026-03-16T19:30:00Z";

const APP_URL = "http://localhost:3000";
const CLIENT = { client_id: "recoup-test", client_secret: "recoup-test-secret" };
export type QuickBooksSandbox = Awaited<ReturnType<typeof startQuickBooksSandbox>>;

/** The QuickBooks sandbox (at `dataNow`, unthrottled by default) and the API's environment pointing at it. */
export async function startQuickBooks(opts: { dataNow?: string; throttle?: boolean } = {}) {
  // Loaded here, not above: most tests, benchmarks and the browser tests never start it.
  const { startQuickBooksSandbox } = await import("@recoup/sandbox-quickbooks");
  const qb = await startQuickBooksSandbox({
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${APP_URL}/callback/quickbooks`] }],
    dataNow: opts.dataNow ?? DATA_NOW,
    ...(opts.throttle ? {} : { throttle: false as const }),
  });
  const env = {
    INTUIT_CLIENT_ID: CLIENT.client_id,
    INTUIT_CLIENT_SECRET: CLIENT.client_secret,
    INTUIT_DISCOVERY_URL: qb.discoveryUrl,
    QUICKBOOKS_API_URL: qb.accountingBaseUrl,
    QUICKBOOKS_RETRY_BASE_MS: "5",
  };
  return { qb, env };
}

/**
 * Connects QuickBooks as a person would: the API's authorize URL, the sandbox's consent page
 * ("Connect" for the user's email and the chosen company), then the callback. Answers the authorize
 * URL and the callback's answer (the connection's status).
 */
export async function connectQuickBooks(
  call: Caller,
  user: Pick<KitUser, "email" | "token">,
  quickbooksUrl: string,
  realmId = SAMPLE_REALM,
) {
  const start = await call("GET", apiPaths.quickbooks.connect, { token: user.token });
  expectStatus(start, 200, "connect");
  const authorizeUrl = new URL(start.json.data.url);
  const html = await (await fetch(authorizeUrl)).text();
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!request) throw new Error("the consent page has no request field");
  const answer = await fetch(`${quickbooksUrl}/connect/oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request, action: "allow", email: user.email, realmId }).toString(),
    redirect: "manual",
  });
  const location = answer.headers.get("location");
  if (!location) throw new Error(`consent answered ${answer.status} without a redirect`);
  const back = Object.fromEntries(new URL(location).searchParams);
  const callback = await call("POST", apiPaths.quickbooks.callback, { token: user.token, body: back });
  expectStatus(callback, 200, "callback");
  return { authorizeUrl, status: callback.json };
}

/** Waits until the company's sync has finished and let go of its lease (the status call shows it). */
export async function waitForSync(call: Caller, user: Pick<KitUser, "email" | "token">, timeoutMs = 60_000) {
  await until(
    async () => {
      const res = await call("GET", `${apiPaths.quickbooks.status}?email=${encodeURIComponent(user.email)}`, {
        token: user.token,
      });
      expectStatus(res, 200, "status");
      const { connection } = res.json;
      if (connection.progress?.error) throw new Error(`sync failed: ${connection.progress.error}`);
      return Boolean(connection.lastSyncAt && !connection.syncing && connection.progress?.finishedAt);
    },
    timeoutMs,
    { what: "the QuickBooks sync", intervalMs: 200 },
  );
}

/** The user of a company connected to QuickBooks, and the QuickBooks company's id. */
export type ConnectedUser = CompanyUser & { realmId: string };

/** A connected company: a new company connected to a sample QuickBooks company and synced. */
export async function connectedCompany(
  stack: Stack,
  quickbooksUrl: string,
  opts: Omit<UserOptions, "verify" | "onboard"> & { realmId?: string } = {},
): Promise<ConnectedUser> {
  const user = await createCompany(stack, opts);
  const realmId = opts.realmId ?? SAMPLE_REALM;
  await connectQuickBooks(stack.call, user, quickbooksUrl, realmId);
  await waitForSync(stack.call, user);
  return { ...user, realmId };
}

/** What the sandbox's control API takes for an invoice (see its README): amounts in major units. */
export interface InvoiceInput {
  customerId: string | number;
  amount?: number;
  txnDate?: string;
  email?: string | null;
  docNumber?: string;
}

async function control(quickbooksUrl: string, path: string, body: unknown) {
  const res = await fetch(`${quickbooksUrl}/_control${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { Id: string; TxnDate: string; DueDate: string };
}

/**
 * An invoice at the QuickBooks sandbox due `days` after the sandbox's today (before it when
 * negative), of 100.00 unless told; answers the invoice as the Accounting API shows it.
 */
export async function invoiceDueIn(
  quickbooksUrl: string,
  realmId: string,
  days: number,
  input: InvoiceInput,
) {
  const { txnDate, ...rest } = input;
  // Made today first: its date is the sandbox's today, which the due date counts from.
  const made = await control(quickbooksUrl, `/realms/${realmId}/invoices`, { amount: 100, ...rest });
  const due = new Date(Date.parse(`${made.TxnDate}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return control(quickbooksUrl, `/realms/${realmId}/invoices/${made.Id}`, {
    ...(txnDate ? { txnDate } : {}),
    dueDate: due,
  });
}

/** Runs a sync of the company now, waiting while another (the queued job) holds its lease. */
export async function syncNow(
  ctx: AppContext,
  companyId: string,
  mode: "full" | "incremental" = "incremental",
) {
  // Loaded here, not above: benchmarks and the browser tests load this kit without the app.
  const { runSync } = await import("../../../src/modules/quickbooks/index.ts");
  return until(
    async () => {
      const result = await runSync(ctx, companyId, mode);
      return !(result.skipped && result.reason === "busy") && result;
    },
    60_000,
    { what: "the company's sync lease" },
  );
}
