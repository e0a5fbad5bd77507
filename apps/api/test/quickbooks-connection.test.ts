import { createHmac } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoices, qboConnections } from "../src/db/schema/index.ts";
import { createCompany, syncNow, waitForSync } from "./kit/index.ts";
import { quickbooksWorldForFile, REALM, WEBHOOK_TOKEN } from "./quickbooks-fixture.ts";

/** A QuickBooks connection's life: webhooks, token refresh and revocation, disconnecting, another company. */
const w = quickbooksWorldForFile();
const { t, connect, connectedUser, truth } = w;

describe("QuickBooks connection", () => {
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
      t.call("POST", "/v1/webhooks/quickbooks", {
        raw: body,
        headers: { "content-type": "application/json", "intuit-signature": signature },
      });
    const forged = await post(createHmac("sha256", "wrong").update(body).digest("base64"));
    expect(forged.status).toBe(401);
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
    expect((await post(good)).status).toBe(200);
    expect((await post(good)).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it("turns a revoked refresh token into Error, and reconnecting recovers", async () => {
    const u = await createCompany(t);
    await connect(u);
    await t.ctx.db
      .update(qboConnections)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(qboConnections.companyId, u.companyId));
    await waitForSync(t.call, u);
    w.qb.control.revokeTokens(REALM);
    expect(await syncNow(t.ctx, u.companyId, "full")).toMatchObject({
      skipped: true,
      reason: "not connected",
    });
    const status = await t.call(
      "GET",
      `/v1/business/quickbooks/status?email=${encodeURIComponent(u.email)}`,
      { token: u.token },
    );
    expect(status.json.data).toEqual(["sync", "error"]);
    expect(status.json.connection.errorMessage).toMatch(/reconnect/i);
    await connect(u);
    const again = await t.call("GET", `/v1/business/quickbooks/status?email=${encodeURIComponent(u.email)}`, {
      token: u.token,
    });
    expect(again.json.data).toEqual(["connected"]);
  });

  it("two workers refreshing at once keep the connection", async () => {
    const u = await connectedUser();
    await t.ctx.db
      .update(qboConnections)
      .set({ accessExpiresAt: new Date(0) })
      .where(eq(qboConnections.companyId, u.companyId));
    const { accessToken } = await import("../src/modules/quickbooks/index.ts");
    const [a, b] = await Promise.all([accessToken(t.ctx, u.companyId), accessToken(t.ctx, u.companyId)]);
    expect(a.token).toBe(b.token);
    const [conn] = await t.ctx.db
      .select()
      .from(qboConnections)
      .where(eq(qboConnections.companyId, u.companyId));
    expect(conn!.status).toBe("connected");
  });

  it("disconnects (revoking at Intuit), keeps the synced records, and refuses other companies", async () => {
    const a = await createCompany(t);
    const b = await createCompany(t);
    await connect(a);
    await waitForSync(t.call, a);
    expect((await t.call("GET", `/v1/business/invoice/pull/${b.companyId}`, { token: a.token })).status).toBe(
      403,
    );
    expect(
      (
        await t.call("GET", `/v1/business/invoice/pull-customers?company_id=${b.companyId}`, {
          token: a.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.call("GET", `/v1/business/quickbooks/status?email=${encodeURIComponent(b.email)}`, {
          token: a.token,
        })
      ).status,
    ).toBe(403);
    const pull = await t.call("GET", `/v1/business/invoice/pull/${a.companyId}`, { token: a.token });
    expect(pull.status).toBe(200);
    expect(pull.json.data.counts.Invoice).toBeGreaterThan(0);
    const res = await t.call(
      "GET",
      `/v1/business/callback/revoke-token?email=${encodeURIComponent(a.email)}`,
      { token: a.token },
    );
    expect(res.json.data.message).toBe("QuickBooks disconnected successfully!");
    const status = await t.call(
      "GET",
      `/v1/business/quickbooks/status?email=${encodeURIComponent(a.email)}`,
      { token: a.token },
    );
    expect(status.json.data).toEqual(["sync", "disconnected"]);
    const kept = await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, a.companyId));
    expect(kept.length).toBeGreaterThan(0);
    expect((await t.call("GET", `/v1/business/invoice/pull/${a.companyId}`, { token: a.token })).status).toBe(
      409,
    );
    // Once disconnected, the company may delete what was synced.
    const del = await t.call("DELETE", `/v1/business/quickbooks/data?email=${encodeURIComponent(a.email)}`, {
      token: a.token,
    });
    expect(del.status).toBe(200);
    expect(await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, a.companyId))).toEqual([]);
  });

  it("connecting another QuickBooks company replaces the old one's records", async () => {
    const u = await connectedUser();
    const other = w.qb.companies().find((c) => c.realmId !== REALM)!.realmId;
    await connect(u, other);
    await expect
      .poll(
        async () => {
          const rows = await t.ctx.db.select().from(invoices).where(eq(invoices.companyId, u.companyId));
          return rows.length > 0 && rows.every((r) => r.realmId === other);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
  });

  it("applies a change at Intuit after its webhook, with no manual sync", async () => {
    const u = await connectedUser();
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    w.qb.control.setWebhook({
      url: `${address}/v1/webhooks/quickbooks`,
      verifierToken: WEBHOOK_TOKEN,
      delayMs: 10,
    });
    try {
      const customerId = (await truth("Customer"))[0]!.Id as string;
      const created = w.qb.control.createInvoice(REALM, { customerId, amount: 777.77 }) as { Id: string };
      await expect
        .poll(
          async () =>
            (
              await t.ctx.db
                .select()
                .from(invoices)
                .where(and(eq(invoices.companyId, u.companyId), eq(invoices.qbId, created.Id)))
            )[0]?.totalCents,
          { timeout: 20_000, interval: 200 },
        )
        .toBe(77777);
    } finally {
      w.qb.control.setWebhook(undefined);
    }
  });
});
