/**
 * What the inbound tests share: a stand-in for the app's inbound endpoint, a sandbox that posts to
 * it and one without an inbound address, and sending, posting and checking helpers.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  type InboundResult,
  type MailSandbox,
  type StoredMessage,
  startMailSandbox,
  verifyInboundSignature,
} from "../src/index.ts";

export const SECRET = "inbound-secret-for-tests";

/** What the stand-in endpoint received: each POST, in order. */
export interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * The file's fixtures, set up by `useInboundSandboxes`: `sandbox` posts its answers to the
 * endpoint at `endpointUrl`, `plain` has no inbound address; the endpoint records each POST in
 * `received` and answers with `nextStatus` (both reset before each test).
 */
class InboundEnv {
  /** Set once `useInboundSandboxes`' beforeAll has run, as is `plain`. */
  sandbox!: MailSandbox;
  plain!: MailSandbox;
  endpointUrl = "";
  received: Received[] = [];
  nextStatus = 204;
}

export const env = new InboundEnv();

let endpoint: Server | undefined;

export function useInboundSandboxes(): void {
  beforeAll(async () => {
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        env.received.push({ method: req.method ?? "", headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(env.nextStatus).end();
      });
    });
    await new Promise<void>((resolve) => endpoint!.listen(0, "127.0.0.1", resolve));
    env.endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/inbound/email`;
    env.sandbox = await startMailSandbox({
      smtpPort: 0,
      httpPort: 0,
      inbound: { url: env.endpointUrl, secret: SECRET },
    });
    env.plain = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
  });
  afterAll(async () => {
    await env.sandbox?.close();
    await env.plain?.close();
    await new Promise<void>((resolve) => endpoint!.close(() => resolve()));
  });
  beforeEach(() => {
    env.sandbox.clear();
    env.plain.clear();
    env.received = [];
    env.nextStatus = 204;
  });
}

/** The app's reminder, as the sandbox's SMTP sink catches it. */
export async function sendReminder(
  target: MailSandbox = env.sandbox,
  overrides: Partial<SendMailOptions> = {},
): Promise<StoredMessage> {
  const mailer = nodemailer.createTransport(target.smtpUrl);
  await mailer.sendMail({
    from: '"Acme Billing" <billing@acme.test>',
    to: '"Ada Lovelace" <ada@example.com>',
    replyTo: "reply+tok1042@in.acme.test",
    subject: "Invoice 1042 is due",
    text: "Dear Ada,\n\nPlease pay invoice 1042 (€120).\n\nAcme",
    messageId: "<rem-1042@acme.test>",
    references: "<thread-root@acme.test>",
    envelope: { from: "bounces+rem-1042@acme.test", to: ["ada@example.com"] },
    ...overrides,
  });
  mailer.close();
  const [message] = target.messages();
  return message!;
}

export async function post(path: string, body?: unknown, target: MailSandbox = env.sandbox) {
  const res = await fetch(`${target.inboxUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as Omit<InboundResult, "error"> & { error?: { code: string; message: string } },
  };
}

/** The one POST the endpoint received, checked for the relay contract, and its message parsed. */
export async function delivered(): Promise<{ request: Received; mail: ParsedMail }> {
  expect(env.received).toHaveLength(1);
  const [request] = env.received;
  expect(request!.method).toBe("POST");
  expect(request!.headers["content-type"]).toBe("message/rfc822");
  const signature = request!.headers["x-inbound-signature"] as string;
  expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(verifyInboundSignature(SECRET, signature, request!.body)).toBe(true);
  return { request: request!, mail: await simpleParser(request!.body) };
}

export function addresses(value: ParsedMail["to"]): string[] {
  return [value ?? []].flat().flatMap((o) => o.value.map((a) => a.address ?? ""));
}
