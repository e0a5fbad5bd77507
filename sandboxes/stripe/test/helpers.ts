import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { SEED, type StripeSandbox, type StripeSandboxOptions, startStripeSandbox } from "../src/index.ts";

export interface TestSandbox {
  sandbox: StripeSandbox;
  stripe: Stripe;
}

/** A sandbox on a free port and the official SDK pointed at it (no SDK retries, for determinism). */
export async function start(options: StripeSandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = await startStripeSandbox({ port: 0, ...options });
  const stripe = new Stripe(sandbox.secretKey, {
    host: sandbox.host,
    port: sandbox.port,
    protocol: sandbox.protocol,
    maxNetworkRetries: 0,
  });
  return { sandbox, stripe };
}

/**
 * The file's sandbox: started before its tests, reset before each, closed after them. The fields
 * of the answer read the running one, so it can be taken at the top of a test file.
 */
export function useSandbox(): TestSandbox {
  let current: TestSandbox | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(() => current?.sandbox.close());
  beforeEach(() => current!.sandbox.control.reset());
  return {
    get sandbox() {
      return current!.sandbox;
    },
    get stripe() {
      return current!.stripe;
    },
  };
}

export const DAY = 86_400;
export const STARTER = SEED.prices.starter.id;
export const GROWTH = SEED.prices.growth.id;
/** A fixed clock start: 2026-05-28T20:26:40Z. */
export const T0 = 1_780_000_000;

/** A customer on a new test clock frozen at T0. */
export async function clockCustomer(t: TestSandbox, fields: Partial<Stripe.CustomerCreateParams> = {}) {
  const clock = await t.stripe.testHelpers.testClocks.create({ frozen_time: T0, name: "trial" });
  const customer = await t.stripe.customers.create({
    email: "owner@example.com",
    test_clock: clock.id,
    ...fields,
  });
  return { clock, customer };
}

/** A 14-day Starter trial that saves the card it is paid with; `behavior` without a card at its end. */
export async function trial(
  t: TestSandbox,
  customer: string,
  behavior?: "cancel" | "pause" | "create_invoice",
) {
  return t.stripe.subscriptions.create({
    customer,
    items: [{ price: STARTER }],
    trial_period_days: 14,
    payment_settings: { save_default_payment_method: "on_subscription" },
    ...(behavior ? { trial_settings: { end_behavior: { missing_payment_method: behavior } } } : {}),
    expand: ["latest_invoice"],
  });
}

/** Advances a test clock and polls it until ready, as client code does. */
export async function advance(t: TestSandbox, clock: string, to: number) {
  let c = await t.stripe.testHelpers.testClocks.advance(clock, { frozen_time: to });
  expect(c.status).toBe("advancing");
  while (c.status !== "ready") c = await t.stripe.testHelpers.testClocks.retrieve(clock);
  expect(c.frozen_time).toBe(to);
  return c;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook endpoint that records what it receives; `fail` answers 500 that many times first. */
export interface Receiver {
  url: string;
  received: Received[];
  fail: number;
  close(): Promise<void>;
  /** Parsed bodies. */
  events(): {
    id: string;
    type: string;
    created: number;
    data: { object: { id: string; status?: string } };
  }[];
}

export async function receiver(): Promise<Receiver> {
  const state = { fail: 0 };
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      if (state.fail > 0) {
        state.fail--;
        res.writeHead(500).end("try later");
      } else {
        res.writeHead(200, { "content-type": "application/json" }).end('{"received":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  return {
    url,
    received,
    get fail() {
      return state.fail;
    },
    set fail(n: number) {
      state.fail = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    events: () => received.map((r) => JSON.parse(r.body)),
  };
}

/** A form POST like the portal page's forms, without following the redirect. */
export async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}
