/**
 * The QuickBooks tests' world: the sandbox (throttled as Intuit is, its "now" 1 November 2026) and
 * the API pointing at it, a person connecting a company through the consent page, and what Intuit
 * holds, read through its own query API to compare the synced records with.
 */
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, expect } from "vitest";
import { customerContacts, customers, invoices, payments } from "../src/db/schema/index.ts";
import { toCents } from "../src/lib/money.ts";
import { QboApi } from "./internals.ts";
import {
  appForFile,
  connectQuickBooks,
  createCompany,
  type KitUser,
  type QuickBooksSandbox,
  SAMPLE_REALM,
  startQuickBooks,
  waitForSync,
} from "./kit/index.ts";

export const WEBHOOK_TOKEN = "test-webhook-verifier";
export const REALM = SAMPLE_REALM;
const APP = "http://localhost:3000";

/** The file's app and sandbox (started before its tests, closed after them), and the calls on them. */
export function quickbooksWorldForFile() {
  const w = { qb: undefined as unknown as QuickBooksSandbox };
  const t = appForFile(async () => {
    const started = await startQuickBooks({ dataNow: "2026-11-01T12:00:00Z", throttle: true });
    w.qb = started.qb;
    return { ...started.env, QUICKBOOKS_WEBHOOK_TOKEN: WEBHOOK_TOKEN };
  });
  afterAll(() => w.qb?.close());

  /** A person connects QuickBooks: the API's authorize URL, the sandbox consent page, the callback. */
  async function connect(user: Pick<KitUser, "email" | "token">, realmId = REALM) {
    const { authorizeUrl, status } = await connectQuickBooks(t.call, user, w.qb.baseUrl, realmId);
    expect(authorizeUrl.searchParams.get("scope")).toBe(
      "com.intuit.quickbooks.accounting openid profile email phone address",
    );
    expect(authorizeUrl.searchParams.get("redirect_uri")).toBe(`${APP}/callback/quickbooks`);
    return status;
  }

  /** A signed-in, onboarded user whose company is connected and has finished its first sync. */
  async function connectedUser() {
    const u = await createCompany(t);
    await connect(u);
    await waitForSync(t.call, u);
    return u;
  }

  /**
   * Runs `body` with the API's QuickBooks client built with these options (its call gate kept;
   * retries back off from 1 ms unless told), then restores it.
   */
  async function withQboApi<T>(
    opts: { fetch?: typeof fetch; maxRetries?: number; retryBaseMs?: number },
    body: () => Promise<T>,
  ): Promise<T> {
    const real = t.ctx.qbo.api;
    t.ctx.qbo.api = new QboApi({
      baseUrl: w.qb.accountingBaseUrl,
      minorVersion: 75,
      retryBaseMs: opts.retryBaseMs ?? 1,
      maxRetries: opts.maxRetries,
      fetch: opts.fetch,
    });
    t.ctx.qbo.api.gate = real.gate;
    try {
      return await body();
    } finally {
      t.ctx.qbo.api = real;
    }
  }
  /** Runs `body` with the API's QuickBooks client talking through `fetchImpl`, then restores it. */
  const throughFetch = <T>(fetchImpl: typeof fetch, body: () => Promise<T>, maxRetries?: number) =>
    withQboApi({ fetch: fetchImpl, maxRetries }, body);

  /** What Intuit holds, read through its own query API. */
  async function truth(entity: string, realmId = REALM) {
    const { access_token } = (await w.qb.control.issueTokens(realmId)) as { access_token: string };
    const out: Record<string, unknown>[] = [];
    for (let pos = 1; ; pos += 1000) {
      const all = entity === "Customer" ? " where Active in (true, false)" : "";
      const q = `select * from ${entity}${all} startposition ${pos} maxresults 1000`;
      const res = await fetch(`${w.qb.baseUrl}/v3/company/${realmId}/query?query=${encodeURIComponent(q)}`, {
        headers: { authorization: `Bearer ${access_token}`, accept: "application/json" },
      });
      const body = (await res.json()) as {
        QueryResponse: Record<string, Record<string, unknown>[] | undefined>;
      };
      const page = body.QueryResponse[entity] ?? [];
      out.push(...page);
      if (page.length < 1000) return out;
    }
  }

  const address = (field: unknown) => (field as { Address?: string } | undefined)?.Address ?? null;

  async function expectEqualToIntuit(companyId: string, realmId = REALM) {
    const db = t.ctx.db;
    const inv = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), isNull(invoices.deletedAt)));
    const intuitInvoices = await truth("Invoice", realmId);
    expect(inv).toHaveLength(intuitInvoices.length);
    const byId = new Map(inv.map((r) => [r.qbId, r]));
    for (const i of intuitInvoices) {
      const row = byId.get(i.Id as string)!;
      expect(row, `invoice ${i.Id}`).toBeTruthy();
      expect(row.totalCents).toBe(toCents(i.TotalAmt as number));
      expect(row.balanceCents).toBe(toCents(i.Balance as number));
      expect(row.currency).toBe((i.CurrencyRef as { value: string }).value);
      expect(row.dueDate).toBe(i.DueDate ?? null);
      expect(row.syncToken).toBe(i.SyncToken);
      expect([row.billEmailCc, row.billEmailBcc]).toEqual([address(i.BillEmailCc), address(i.BillEmailBcc)]);
    }
    const cust = await db
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), isNull(customers.deletedAt)));
    const intuitCustomers = await truth("Customer", realmId);
    // The sample company has inactive customers: they are imported too.
    if (realmId === REALM) expect(intuitCustomers.some((c) => c.Active === false)).toBe(true);
    expect(cust).toHaveLength(intuitCustomers.length);
    // Every address of each customer's PrimaryEmailAddr is one of its QuickBooks contacts.
    const contacts = await db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.companyId, companyId));
    expect(
      contacts
        .filter((k) => k.inQuickbooks)
        .map((k) => `${k.customerQbId} ${k.email}`)
        .sort(),
    ).toEqual(
      intuitCustomers
        .flatMap((c) =>
          (address(c.PrimaryEmailAddr) ?? "")
            .split(",")
            .flatMap((a) => (a.trim() ? [`${c.Id} ${a.trim().toLowerCase()}`] : [])),
        )
        .sort(),
    );
    const pay = await db
      .select()
      .from(payments)
      .where(and(eq(payments.companyId, companyId), isNull(payments.deletedAt)));
    const intuitPayments = await truth("Payment", realmId);
    expect(pay).toHaveLength(intuitPayments.length);
    const totalPaid = intuitPayments.reduce((s, p) => s + toCents(p.TotalAmt as number), 0);
    expect(pay.reduce((s, p) => s + p.totalCents, 0)).toBe(totalPaid);
  }

  return Object.assign(w, {
    t,
    connect,
    connectedUser,
    withQboApi,
    throughFetch,
    truth,
    expectEqualToIntuit,
  });
}
