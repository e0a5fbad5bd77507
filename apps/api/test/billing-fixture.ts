/**
 * The billing tests' world: the Stripe sandbox (its catalog seeded: Starter USD 29 and Growth USD
 * 79 a month), the API listening so the sandbox's signed webhooks reach it, one test clock per
 * customer. Expected values are read from the sandbox through the official SDK or its control API,
 * never through the code under test.
 */
import { randomBytes } from "node:crypto";
import { type StripeSandbox, startStripeSandbox } from "@recoup/sandbox-stripe";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll } from "vitest";
import { subscriptions } from "../src/db/schema/index.ts";
import {
  type Caller,
  createCompany,
  createTestApp,
  type KitUser,
  type TestApp,
  type UserOptions,
  until,
} from "./kit/index.ts";

export const DAY = 86_400;

export interface BillingWorld {
  t: TestApp;
  call: Caller;
  sandbox: StripeSandbox;
  /** The official SDK pointed at the sandbox. */
  stripe: Stripe;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  close(): Promise<void>;
}

export const stripeEnv = (sandbox: StripeSandbox, webhookSecret: string) => ({
  STRIPE_SECRET_KEY: sandbox.secretKey,
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: sandbox.baseUrl,
  STRIPE_TEST_CLOCKS: "true",
});

export async function startBillingWorld(env: Record<string, string> = {}): Promise<BillingWorld> {
  const secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  const webhookSecret = `whsec_${randomBytes(18).toString("base64url")}`;
  const sandbox = await startStripeSandbox({ port: 0, secretKey });
  const t = await createTestApp({ ...stripeEnv(sandbox, webhookSecret), ...env });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  const webhookUrl = `${address}/v1/webhooks/stripe`;
  sandbox.control.configureWebhook({ url: webhookUrl, secret: webhookSecret, retryDelaysMs: [200, 1000] });
  const stripe = new Stripe(secretKey, { ...sandbox.stripeConfig, maxNetworkRetries: 0 });
  return {
    t,
    call: t.call,
    sandbox,
    stripe,
    secretKey,
    webhookSecret,
    webhookUrl,
    async close() {
      // The sandbox first: a webhook delivered while the app closes would hold its keep-alive
      // socket (and the app's close) open for Fastify's 72 s keep-alive timeout.
      await sandbox.close();
      t.app.server.closeAllConnections();
      await t.close();
    },
  };
}

/** The file's billing world: started before its tests, closed after them; its fields are there once they run. */
export function billingWorldForFile(env: Record<string, string> = {}): BillingWorld {
  const w = {} as BillingWorld;
  beforeAll(async () => {
    Object.assign(w, await startBillingWorld(env));
  });
  afterAll(() => w.close?.());
  return w;
}

export const subscriptionRow = async (t: TestApp, companyId: string) =>
  (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)))[0]!;

type SubscriptionRow = Awaited<ReturnType<typeof subscriptionRow>>;
/** The company's stored subscription once it satisfies `ok` (webhooks and jobs are asynchronous). */
export const subscriptionRowWhen = (
  t: TestApp,
  companyId: string,
  ok: (row: SubscriptionRow) => boolean,
  what: string,
  timeoutMs = 20_000,
) =>
  until(
    async () => {
      const row = await subscriptionRow(t, companyId);
      return ok(row) && row;
    },
    timeoutMs,
    { what },
  );

/** An onboarded user whose trial is at the provider (the provisioning job has run). */
export async function trialCompany(w: BillingWorld, opts: Omit<UserOptions, "verify" | "onboard"> = {}) {
  const user = await createCompany(w.t, { label: "billing", ...opts });
  const row = await subscriptionRowWhen(
    w.t,
    user.companyId,
    (r) => Boolean(r?.providerSubscriptionId),
    "provisioned",
  );
  const customer = (await w.stripe.customers.retrieve(row.providerCustomerId!)) as Stripe.Customer;
  const subscription = await w.stripe.subscriptions.retrieve(row.providerSubscriptionId!);
  return { user, customer, subscription, clockId: customer.test_clock as string };
}

export async function details(w: BillingWorld, user: Pick<KitUser, "email" | "token">) {
  const res = await w.call(
    "GET",
    `/v1/business/subscription/details?email=${encodeURIComponent(user.email)}`,
    {
      token: user.token,
    },
  );
  if (res.status !== 200) throw new Error(`details: ${res.status} ${res.text}`);
  return res.json.data as {
    billingEnabled: boolean;
    sessionURL: string | null;
    supportEmail: string;
    subscriptionDetails: null | {
      status: string;
      planName: string;
      amount: number | null;
      currency: string | null;
      interval: string | null;
      endDate: number | null;
      trialEnd: number | null;
      usageLimit: number | null;
      cancelAt: number | null;
      invoicesUsed: number;
      usageMonth: string;
    };
  };
}

/** Details once the stored state satisfies `ok` (webhooks and the sync job are asynchronous). */
export const detailsWhen = (
  w: BillingWorld,
  user: Pick<KitUser, "email" | "token">,
  ok: (d: NonNullable<Awaited<ReturnType<typeof details>>["subscriptionDetails"]>) => boolean,
) =>
  until(
    async () => {
      const d = await details(w, user);
      return d.subscriptionDetails !== null && ok(d.subscriptionDetails) && d;
    },
    20_000,
    { what: "subscription details" },
  );

/** Moves the customer's test clock (the control API) and waits until its webhooks were delivered. */
export async function advanceClock(w: BillingWorld, clockId: string, days: number) {
  w.sandbox.control.advanceTestClock(clockId, { days });
  await w.sandbox.control.flushWebhooks(10_000);
}

/** Posts the hosted portal's card form, as a person does. */
export async function addCardInPortal(sessionUrl: string, number: string) {
  const res = await fetch(`${sessionUrl}/payment_method`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      card_number: number,
      card_expiry: "12 / 34",
      card_cvc: "123",
      card_name: "Ada Owner",
      postal_code: "94107",
    }).toString(),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}

export async function portalForm(sessionUrl: string, path: string, form: Record<string, string>) {
  const res = await fetch(`${sessionUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
    redirect: "manual",
  });
  return { status: res.status, text: await res.text() };
}
