import { createHmac } from "node:crypto";
import { startQuickBooksSandbox } from "@recoup/sandbox-quickbooks";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  customers,
  invoices,
  paymentApplications,
  payments,
  qboConnections,
} from "../src/db/schema/index.ts";
import { toCents } from "../src/lib/money.ts";
import { runSync } from "../src/modules/quickbooks/index.ts";
import { client, createTestApp, signedInUser, type TestApp } from "./harness.ts";
import { QboApi } from "./internals.ts";

const APP = "http://localhost:3000";
const CLIENT = { client_id: "recoup-test", client_secret: "recoup-test-secret" };
const WEBHOOK_TOKEN = "test-webhook-verifier";
const REALM = "9341452000000001";
type Sandbox = Awaited<ReturnType<typeof startQuickBooksSandbox>>;
let qb: Sandbox;
let t: TestApp;

beforeAll(async () => {
  qb = await startQuickBooksSandbox({
    port: 0,
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/callback/quickbooks`] }],
    dataNow: "2026-11-01T12:00:00Z",
  });
  t = await createTestApp({
    INTUIT_CLIENT_ID: CLIENT.client_id,
    INTUIT_CLIENT_SECRET: CLIENT.client_secret,
    INTUIT_DISCOVERY_URL: qb.discoveryUrl,
    QUICKBOOKS_API_URL: qb.accountingBaseUrl,
    QUICKBOOKS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    QUICKBOOKS_RETRY_BASE_MS: "5",
  });
});
afterAll(async () => {
  await t?.close();
  await qb?.close();
});

/** A person connects QuickBooks: the API's authorize URL, the sandbox consent page, the callback. */
async function connect(token: string, realmId = REALM) {
  const api = client(t.app);
  const { url } = (await api.get("/v1/business/quickbooks/connect", token)).json().data;
  const authorize = new URL(url);
  expect(authorize.searchParams.get("scope")).toBe(
    "com.intuit.quickbooks.accounting openid profile email phone address",
  );
  expect(authorize.searchParams.get("redirect_uri")).toBe(`${APP}/callback/quickbooks`);
  const html = await (await fetch(authorize)).text();
  const request = /name="request" value="([^"]+)"/.exec(html)![1]!;
  const answer = await fetch(`${qb.baseUrl}/connect/oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request, action: "allow", user: qb.users()[0]!.sub, realmId }).toString(),
    redirect: "manual",
  });
  const back = new URL(answer.headers.get("location")!);
  const res = await api.post(
    "/v1/business/quickbooks/callback",
    Object.fromEntries(back.searchParams),
    token,
  );
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Runs a sync now, waiting while another (the queued job) holds the company's lease. */
async function syncNow(companyId: string, mode: "full" | "incremental") {
  for (;;) {
    const result = await runSync(t.ctx, companyId, mode);
    if (!result.skipped || result.reason !== "busy") return result;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for the sync the connection queued to finish. */
async function waitForFirstSync(companyId: string) {
  await expect
    .poll(
      async () => {
        const [row] = await t.ctx.db
          .select()
          .from(qboConnections)
          .where(eq(qboConnections.companyId, companyId));
        // Finished, and its lease let go (so a test's own sync does not find the company busy).
        return Boolean(row?.lastSyncAt && !(row.syncLeaseUntil && row.syncLeaseUntil > new Date()));
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
}

/** A signed-in, onboarded user whose company is connected and has finished its first sync. */
async function connectedUser() {
  const u = await signedInUser(t, { onboard: true });
  await connect(u.token);
  await waitForFirstSync(u.companyId!);
  return u;
}

/** Runs `body` with the API's QuickBooks client talking through `fetchImpl`, then restores it. */
async function throughFetch<T>(
  fetchImpl: typeof fetch,
  body: () => Promise<T>,
  maxRetries?: number,
): Promise<T> {
  const real = t.ctx.qbo.api;
  t.ctx.qbo.api = new QboApi({
    baseUrl: qb.accountingBaseUrl,
    minorVersion: 75,
    retryBaseMs: 1,
    maxRetries,
    fetch: fetchImpl,
  });
  try {
    return await body();
  } finally {
    t.ctx.qbo.api = real;
  }
}

/** What Intuit holds, read through its own query API. */
async function truth(entity: string, realmId = REALM) {
  const { access_token } = (await qb.control.issueTokens(realmId)) as { access_token: string };
  const out: Record<string, unknown>[] = [];
  for (let pos = 1; ; pos += 1000) {
    const all = entity === "Customer" ? " where Active in (true, false)" : "";
    const q = `select * from ${entity}${all} startposition ${pos} maxresults 1000`;
    const res = await fetch(`${qb.baseUrl}/v3/company/${realmId}/query?query=${encodeURIComponent(q)}`, {
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

async function expectEqualToIntuit(companyId: string) {
  const db = t.ctx.db;
  const inv = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), isNull(invoices.deletedAt)));
  const intuitInvoices = await truth("Invoice");
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
  }
  const cust = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), isNull(customers.deletedAt)));
  const intuitCustomers = await truth("Customer");
  expect(intuitCustomers.some((c) => c.Active === false)).toBe(true);
  expect(cust).toHaveLength(intuitCustomers.length);
  const pay = await db
    .select()
    .from(payments)
    .where(and(eq(payments.companyId, companyId), isNull(payments.deletedAt)));
  const intuitPayments = await truth("Payment");
  expect(pay).toHaveLength(intuitPayments.length);
  const totalPaid = intuitPayments.reduce((s, p) => s + toCents(p.TotalAmt as number), 0);
  expect(pay.reduce((s, p) => s + p.totalCents, 0)).toBe(totalPaid);
}

describe("QuickBooks sync", () => {
  it("connects through the consent page and imports the sample company exactly", async () => {
    const u = await signedInUser(t, { onboard: true });
    const status = await connect(u.token);
    expect(status.data).toEqual(["connected"]);
    expect(status.connection).toMatchObject({ status: "connected", realmId: REALM });
    await waitForFirstSync(u.companyId!);
    await expectEqualToIntuit(u.companyId!);
    const links = await t.ctx.db
      .select()
      .from(paymentApplications)
      .where(eq(paymentApplications.companyId, u.companyId!));
    expect(links.length).toBeGreaterThan(0);
    const [conn] = await t.ctx.db
      .select()
      .from(qboConnections)
      .where(eq(qboConnections.companyId, u.companyId!));
    expect(conn!.accessTokenSealed).not.toContain("eyJ");
    expect(conn!.lastSyncAt).toBeTruthy();

    // A change at Intuit arrives with the next incremental (CDC) sync.
    const [open] = (await truth("Invoice")).filter((i) => (i.Balance as number) > 0);
    qb.control.payInvoice(REALM, open!.Id as string);
    const fresh = qb.control.createInvoice(REALM, {
      customerId: (open!.CustomerRef as { value: string }).value,
      amount: 1234.56,
    }) as { Id: string };
    qb.control.voidInvoice(REALM, fresh.Id);
    const incr = await syncNow(u.companyId!, "incremental");
    expect(incr).toMatchObject({ skipped: false, mode: "incremental" });
    await expectEqualToIntuit(u.companyId!);
    const [paid] = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, u.companyId!), eq(invoices.qbId, open!.Id as string)));
    expect(paid!.balanceCents).toBe(0);
    const [voided] = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, u.companyId!), eq(invoices.qbId, fresh.Id)));
    expect(voided!.voided).toBe(true);

    // Deletions are applied.
    qb.control.deleteInvoice(REALM, fresh.Id);
    await syncNow(u.companyId!, "incremental");
    const [gone] = await t.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, u.companyId!), eq(invoices.qbId, fresh.Id)));
    expect(gone!.deletedAt).toBeTruthy();
  });

  it("ends equal under 429s, 5xx and dropped connections, with no duplicate rows", async () => {
    const u = await signedInUser(t, { onboard: true });
    await connect(u.token);
    qb.control.setFaults(REALM, { rate429: 0.3, rate5xx: 0.1, rateDrop: 0.05 });
    try {
      await syncNow(u.companyId!, "full");
    } finally {
      qb.control.clearFaults(REALM);
    }
    await expectEqualToIntuit(u.companyId!);
  });

  it("refuses a forged webhook and queues a sync for a genuine one, once", async () => {
    const u = await connectedUser();
    const body = JSON.stringify({
      eventNotifications: [
        {
          realmId: REALM,
          dataChangeEvent: {
            entities: [
              { name: "Invoice", id: "1", operation: "Update", lastUpdated: new Date().toISOString() },
            ],
          },
        },
      ],
    });
    const post = (signature: string) =>
      t.app.inject({
        method: "POST",
        url: "/v1/webhooks/quickbooks",
        payload: body,
        headers: { "content-type": "application/json", "intuit-signature": signature },
      });
    const forged = await post(createHmac("sha256", "wrong").update(body).digest("base64"));
    expect(forged.statusCode).toBe(401);
    const count = async () =>
      Number(
        (
          (await t.ctx.db.execute(
            `select count(*)::int as n from pgboss.job where name = 'qbo-sync' and data->>'companyId' = '${u.companyId}'` as never,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const before = await count();
    const good = createHmac("sha256", WEBHOOK_TOKEN).update(body).digest("base64");
    expect((await post(good)).statusCode).toBe(200);
    expect((await post(good)).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("turns a revoked refresh token into Error, and reconnecting recovers", async () => {
    const u = await signedInUser(t, { onboard: true });
    await connect(u.token);
    await t.ctx.db
      .update(qboConnections)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(qboConnections.companyId, u.companyId!));
    await waitForFirstSync(u.companyId!);
    qb.control.revokeTokens(REALM);
    expect(await syncNow(u.companyId!, "full")).toMatchObject({ skipped: true, reason: "not connected" });
    const status = await client(t.app).get(
      `/v1/business/quickbooks/status?email=${encodeURIComponent(u.email)}`,
      u.token,
    );
    expect(status.json().data).toEqual(["sync", "error"]);
    expect(status.json().connection.errorMessage).toMatch(/reconnect/i);
    await connect(u.token);
    const again = await client(t.app).get(
      `/v1/business/quickbooks/status?email=${encodeURIComponent(u.email)}`,
      u.token,
    );
    expect(again.json().data).toEqual(["connected"]);
  });

  it("two workers refreshing at once keep the connection", async () => {
    const u = await connectedUser();
    await t.ctx.db
      .update(qboConnections)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(qboConnections.companyId, u.companyId!));
    const { accessToken } = await import("../src/modules/quickbooks/index.ts");
    const [a, b] = await Promise.all([accessToken(t.ctx, u.companyId!), accessToken(t.ctx, u.companyId!)]);
    expect(a.token).toBe(b.token);
    const [conn] = await t.ctx.db
      .select()
      .from(qboConnections)
      .where(eq(qboConnections.companyId, u.companyId!));
    expect(conn!.status).toBe("connected");
  });

  it("disconnects (revoking at Intuit), keeps the synced records, and refuses other companies", async () => {
    const a = await signedInUser(t, { onboard: true });
    const b = await signedInUser(t, { onboard: true });
    await connect(a.token);
    await waitForFirstSync(a.companyId!);
    const api = client(t.app);
    expect((await api.get(`/v1/business/invoice/pull/${b.companyId}`, a.token)).statusCode).toBe(403);
    expect(
      (await api.get(`/v1/business/invoice/pull-customers?company_id=${b.companyId}`, a.token)).statusCode,
    ).toBe(403);
    expect(
      (await api.get(`/v1/business/quickbooks/status?email=${encodeURIComponent(b.email)}`, a.token))
        .statusCode,
    ).toBe(403);
    const pull = await api.get(`/v1/business/invoice/pull/${a.companyId}`, a.token);
    expect(pull.statusCode).toBe(200);
    expect(pull.json().data.counts.Invoice).toBeGreaterThan(0);
    const res = await api.get(
      `/v1/business/callback/revoke-token?email=${encodeURIComponent(a.email)}`,
      a.token,
    );
    expect(res.json().data.message).toBe("QuickBooks disconnected successfully!");
    const status = await api.get(
      `/v1/business/quickbooks/status?email=${encodeURIComponent(a.email)}`,
      a.token,
    );
    expect(status.json().data).toEqual(["sync", "disconnected"]);
    const kept = await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, a.companyId!));
    expect(kept.length).toBeGreaterThan(0);
    expect((await api.get(`/v1/business/invoice/pull/${a.companyId}`, a.token)).statusCode).toBe(409);
    // Once disconnected, the company may delete what was synced.
    const del = await t.app.inject({
      method: "DELETE",
      url: `/v1/business/quickbooks/data?email=${encodeURIComponent(a.email)}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(del.statusCode).toBe(200);
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, a.companyId!))).toEqual([]);
  });

  it("connecting another QuickBooks company replaces the old one's records", async () => {
    const u = await connectedUser();
    const other = qb.companies().find((c) => c.realmId !== REALM)!.realmId;
    await connect(u.token, other);
    await expect
      .poll(
        async () => {
          const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, u.companyId!));
          return rows.length > 0 && rows.every((r) => r.realmId === other);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
  });

  it("resumes a crashed full import where it stopped, without duplicates or gaps", async () => {
    const u = await connectedUser();
    await t.ctx.db
      .update(qboConnections)
      .set({ syncProgress: null, cdcCursor: null })
      .where(eq(qboConnections.companyId, u.companyId!));
    // A worker that dies when it reaches payments: no retries, the connection drops.
    const dying: typeof fetch = async (input, init) => {
      const q = new URL(String(input)).searchParams.get("query") ?? "";
      if (q.includes("from Payment")) throw new Error("connection reset");
      return fetch(input, init);
    };
    await throughFetch(dying, () => expect(syncNow(u.companyId!, "full")).rejects.toThrow(), 0);
    const [crashed] = await t.ctx.db
      .select()
      .from(qboConnections)
      .where(eq(qboConnections.companyId, u.companyId!));
    expect(crashed!.syncProgress).toMatchObject({ mode: "full", phase: "Payment" });
    expect(crashed!.syncProgress!.error).toMatch(/unreachable/);
    const spy: string[] = [];
    const watching: typeof fetch = (input, init) => {
      spy.push(new URL(String(input)).searchParams.get("query") ?? "");
      return fetch(input, init);
    };
    const resumed = await throughFetch(watching, () => syncNow(u.companyId!, "incremental"));
    expect(resumed).toMatchObject({ skipped: false, mode: "full" });
    // Resumed at payments: customers and invoices were not read again.
    expect(spy.some((q) => q.includes("from Customer") || q.includes("from Invoice"))).toBe(false);
    expect(spy.some((q) => q.includes("from Payment"))).toBe(true);
    await expectEqualToIntuit(u.companyId!);
  });

  it("runs one sync per company at a time", async () => {
    const u = await connectedUser();
    const results = await Promise.all([1, 2, 3].map(() => runSync(t.ctx, u.companyId!, "full")));
    expect(results.filter((r) => !r.skipped)).toHaveLength(1);
    expect(results.filter((r) => r.skipped && r.reason === "busy")).toHaveLength(2);
  });

  it("applies a change at Intuit after its webhook, with no manual sync", async () => {
    const u = await connectedUser();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    qb.control.setWebhook({
      url: `${address}/v1/webhooks/quickbooks`,
      verifierToken: WEBHOOK_TOKEN,
      delayMs: 10,
    });
    try {
      const customerId = (await truth("Customer"))[0]!.Id as string;
      const created = qb.control.createInvoice(REALM, { customerId, amount: 777.77 }) as { Id: string };
      await expect
        .poll(
          async () =>
            (
              await t.ctx.db
                .select()
                .from(invoices)
                .where(and(eq(invoices.companyId, u.companyId!), eq(invoices.qbId, created.Id)))
            )[0]?.totalCents,
          { timeout: 20_000, interval: 200 },
        )
        .toBe(77777);
    } finally {
      qb.control.setWebhook(undefined);
    }
  });

  it("reads an entity again when Intuit holds more than the pages brought (a page shifted under a deletion)", async () => {
    const u = await connectedUser();
    await t.ctx.db
      .update(qboConnections)
      .set({ syncProgress: null, cdcCursor: null })
      .where(eq(qboConnections.companyId, u.companyId!));
    await t.ctx.db.delete(invoices).where(eq(invoices.companyId, u.companyId!));
    let dropped = false;
    // The first invoice page comes back one record short, as when a deletion shifts positions.
    const shortPage: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const q = new URL(String(input)).searchParams.get("query") ?? "";
      if (dropped || !q.startsWith("select * from Invoice")) return res;
      dropped = true;
      const body = (await res.json()) as { QueryResponse: { Invoice: unknown[] } };
      body.QueryResponse.Invoice.shift();
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    };
    await throughFetch(shortPage, () => syncNow(u.companyId!, "full"));
    expect(dropped).toBe(true);
    await expectEqualToIntuit(u.companyId!);
  });
});
