/**
 * What the control and webhook tests share: a sandbox whose webhooks go to a local receiver
 * (`hook`), reset before each test with the receiver emptied.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach } from "vitest";
import {
  type Body,
  cents,
  liveSandbox,
  query,
  REALM,
  rows,
  startApiSandbox,
  type TestSandbox,
} from "./api.ts";

export const VERIFIER = "test-verifier-token-1234";

/** The webhook receiver: what it received, in order; `fail` answers 500 that many times first. */
class Hook {
  server: Server | undefined;
  url = "";
  received: { headers: Record<string, unknown>; body: string }[] = [];
  fail = 0;
}

export const hook = new Hook();

/** The file's sandbox (its fields read the running one, so it can be taken at the top of a file). */
export function useControlSandbox(): TestSandbox {
  let t: TestSandbox | undefined;
  beforeAll(async () => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        hook.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
        if (hook.fail > 0) {
          hook.fail--;
          res.writeHead(500).end();
        } else res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    hook.server = server;
    hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/intuit`;
    t = await startApiSandbox({
      webhook: { url: hook.url, verifierToken: VERIFIER, delayMs: 10, retryDelaysMs: [20, 20] },
    });
  });
  afterAll(async () => {
    await t?.sandbox.close();
    await new Promise((resolve) => hook.server?.close(resolve));
  });
  beforeEach(async () => {
    t!.offset.ms = 0;
    t!.sandbox.control.resetRealm(REALM);
    await t!.sandbox.control.flushWebhooks();
    hook.received.length = 0;
  });
  return liveSandbox(() => t!);
}

/** The open invoice with the largest total. */
export async function firstOpenInvoice(t: TestSandbox): Promise<Body> {
  return rows(
    await query(t, "select * from Invoice where Balance > '0' orderby TotalAmt desc maxresults 1"),
    "Invoice",
  )[0]!;
}

export function sumLines(payment: Body): number {
  return (payment.Line as Body[]).reduce((sum, line) => sum + cents(line.Amount), 0);
}
