/**
 * Where billing comes from: the Stripe sandbox wired by the local-sandbox function when no key is
 * set, and billing off in production without keys (a self-hosted install owes nobody).
 */
import { createServer } from "node:net";
import { apiPaths } from "@recoup/contracts";
import { startStripeSandbox } from "@recoup/sandbox-stripe";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";
import { subscriptions } from "../src/db/schema/index.ts";
import { wireLocalSandboxes } from "../src/local-sandboxes.ts";
import { subscriptionHold } from "../src/modules/reminders/index.ts";
import { subscriptionRow, subscriptionRowWhen } from "./billing-fixture.ts";
import { appForFile, createCompany, createTestApp, sleep } from "./kit/index.ts";
import { freePort, heldPort } from "./net.ts";

describe("billing off: production without provider keys", () => {
  const t = appForFile({ NODE_ENV: "production" });

  it("the local sandboxes stay off, so no key is set", async () => {
    const wired = await wireLocalSandboxes({ NODE_ENV: "production" });
    expect(wired.env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(wired.stripe).toBeUndefined();
    expect(t.ctx.config.stripe).toBeUndefined();
  });

  it("details say billing is off; no gate, whatever the stored row says; webhooks are not served", async () => {
    const u = await createCompany(t);
    const res = await t.call(
      "GET",
      `${apiPaths.billing.subscriptionDetails}?email=${encodeURIComponent(u.email)}`,
      { token: u.token },
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      data: {
        billingEnabled: false,
        subscriptionDetails: null,
        sessionURL: null,
        supportEmail: "support@recoup.local",
      },
    });
    await t.ctx.db
      .update(subscriptions)
      .set({ status: "canceled", trialEnd: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(subscriptions.companyId, u.companyId));
    expect(await subscriptionHold(t.ctx, u.companyId)).toBeNull();
    const hook = await t.call("POST", apiPaths.billing.webhook, {
      raw: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(hook.status).toBe(404);
    const renew = await t.call("POST", apiPaths.billing.renew, { token: u.token, body: { email: u.email } });
    expect(renew.status).toBe(404);
  });
});

describe("configuration", () => {
  it("wants the key and the webhook secret together, and names SUPPORT_EMAIL's default", () => {
    const base = { NODE_ENV: "test", JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/recoup-config-test" };
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together",
    );
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_URL: "http://127.0.0.1:4030",
      MAIL_FROM: "Acme Billing <billing@acme.example>",
    });
    expect(config.stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      api: { host: "127.0.0.1", port: 4030, protocol: "http" },
      trialPrice: "starter_monthly",
      testClocks: false,
    });
    expect(config.supportEmail).toBe("support@acme.example");
    expect(loadConfig({ ...base, SUPPORT_EMAIL: "help@acme.example" }).supportEmail).toBe(
      "help@acme.example",
    );
    expect(() => loadConfig({ ...base, SUPPORT_EMAIL: "not an address" })).toThrow("SUPPORT_EMAIL");
  });

  it("refuses test clocks with a live key", () => {
    const base = {
      NODE_ENV: "test",
      JWT_SECRET: "x".repeat(40),
      DATA_DIR: "/tmp/recoup-config-test",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_TEST_CLOCKS: "true",
    };
    for (const key of ["sk_live_1", "rk_live_1"]) {
      expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: key })).toThrow(
        "STRIPE_TEST_CLOCKS: test clocks exist only in test mode; unset it with a live STRIPE_SECRET_KEY",
      );
    }
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_test_1" }).stripe?.testClocks).toBe(true);
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_live_1", STRIPE_TEST_CLOCKS: "false" }).stripe?.testClocks,
    ).toBe(false);
  });

  it("without STRIPE_SECRET_KEY the local wiring starts the Stripe sandbox, webhooks pointed at the app", async () => {
    const wired = await wireLocalSandboxes(
      {
        NODE_ENV: "development",
        APP_URL: "http://localhost:3999",
        SMTP_URL: "smtp://x:1",
        GOOGLE_CLIENT_ID: "g",
        INTUIT_CLIENT_ID: "i",
      },
      { freePorts: true },
    );
    try {
      const { env, stripe: sandbox } = wired;
      expect(sandbox).toBeDefined();
      expect(env.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
      expect(env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
      expect(env.STRIPE_API_URL).toBe(sandbox!.baseUrl);
      expect(env.STRIPE_TEST_CLOCKS).toBe("true");
      expect(sandbox!.webhookSecret).toBe(env.STRIPE_WEBHOOK_SECRET);
      expect(wired.banner.join("\n")).toContain(`Stripe: local sandbox at ${sandbox!.baseUrl}`);
      // the official SDK, with the key made for this run, reaches the seeded catalog
      const sdk = new Stripe(env.STRIPE_SECRET_KEY!, { ...sandbox!.stripeConfig, maxNetworkRetries: 0 });
      const prices = await sdk.prices.list({ lookup_keys: ["starter_monthly", "growth_monthly"] });
      expect(prices.data.map((p) => [p.lookup_key, p.unit_amount]).sort()).toEqual([
        ["growth_monthly", 7900],
        ["starter_monthly", 2900],
      ]);
      const other = await wireLocalSandboxes(
        { NODE_ENV: "development", STRIPE_SECRET_KEY: "sk_live_x" },
        { freePorts: true },
      );
      expect(other.stripe).toBeUndefined();
      await other.close();
    } finally {
      await wired.close();
    }
  });

  it("a busy SANDBOX_STRIPE_PORT stops the start with one line naming it", async () => {
    const port = await freePort();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(port, "127.0.0.1", resolve));
    try {
      const started = wireLocalSandboxes({
        NODE_ENV: "development",
        SMTP_URL: "smtp://x:1",
        GOOGLE_CLIENT_ID: "g",
        INTUIT_CLIENT_ID: "i",
        SANDBOX_STRIPE_PORT: String(port),
      });
      await expect(started).rejects.toThrow(
        `Port ${port} is already in use (the Stripe sandbox). Stop what uses it, or set SANDBOX_STRIPE_PORT to another port.`,
      );
    } finally {
      busy.close();
    }
  });
});

describe("a provider that is down at onboarding", () => {
  it("onboarding succeeds; the queued job makes the customer and the trial once it is back", async () => {
    // The app points at a port whose provider is down: every connection is dropped.
    const { port, release } = await heldPort();
    const secretKey = "sk_test_comes_back_later";
    const t = await createTestApp({
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: "whsec_comes_back_later",
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
      STRIPE_TEST_CLOCKS: "true",
    });
    try {
      const u = await createCompany(t);
      const row = await subscriptionRow(t, u.companyId);
      expect(row).toMatchObject({
        status: "trialing",
        providerCustomerId: null,
        providerSubscriptionId: null,
      });
      await sleep(1500);
      // The provider comes back on that port: the job's next attempt makes the trial.
      await release();
      const back = await startStripeSandbox({ port, secretKey });
      try {
        const done = await subscriptionRowWhen(
          t,
          u.companyId,
          (r) => Boolean(r.providerSubscriptionId),
          "provisioned after the provider came back",
          60_000,
        );
        const sdk = new Stripe(secretKey, { ...back.stripeConfig, maxNetworkRetries: 0 });
        const sub = await sdk.subscriptions.retrieve(done.providerSubscriptionId!);
        expect(sub.status).toBe("trialing");
        // the trial ends when onboarding said, not 14 days after the provider came back
        expect(sub.trial_end).toBe(Math.floor(row.trialEnd!.getTime() / 1000));
      } finally {
        await back.close();
      }
    } finally {
      await t.close();
      await release(); // (a second close only reports that it was closed)
    }
  }, 90_000);
});
