import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { type StripeSandbox, type StripeSandboxOptions, startStripeSandbox } from "../src/index.ts";

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

export const DAY = 86_400;

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
