import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  InboundActionError,
  type InboundResult,
  type MailSandbox,
  type StoredMessage,
  startMailSandbox,
  verifyInboundSignature,
} from "../src/index.ts";

const SECRET = "inbound-secret-for-tests";

/** A stand-in for the app's inbound endpoint: records each POST and answers with `nextStatus`. */
interface Received {
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
let endpoint: Server;
let endpointUrl: string;
let received: Received[] = [];
let nextStatus = 204;

let sandbox: MailSandbox;
let plain: MailSandbox;

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(nextStatus).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  endpointUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/inbound/email`;
  sandbox = await startMailSandbox({
    smtpPort: 0,
    httpPort: 0,
    inbound: { url: endpointUrl, secret: SECRET },
  });
  plain = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  await plain?.close();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});
beforeEach(() => {
  sandbox.clear();
  plain.clear();
  received = [];
  nextStatus = 204;
});

/** The app's reminder, as the sandbox's SMTP sink catches it. */
async function sendReminder(
  target: MailSandbox = sandbox,
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

async function post(path: string, body?: unknown, target: MailSandbox = sandbox) {
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
async function delivered(): Promise<{ request: Received; mail: ParsedMail }> {
  expect(received).toHaveLength(1);
  const [request] = received;
  expect(request!.method).toBe("POST");
  expect(request!.headers["content-type"]).toBe("message/rfc822");
  const signature = request!.headers["x-inbound-signature"] as string;
  expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  expect(verifyInboundSignature(SECRET, signature, request!.body)).toBe(true);
  return { request: request!, mail: await simpleParser(request!.body) };
}

function addresses(value: ParsedMail["to"]): string[] {
  return [value ?? []].flat().flatMap((o) => o.value.map((a) => a.address ?? ""));
}

describe("reply", () => {
  it("posts a signed, threaded reply from the customer to the Reply-To address, quoting the original", async () => {
    const original = await sendReminder();
    const res = await post(`/api/messages/${original.id}/reply`, {
      text: "We paid yesterday.",
      html: "<p>We paid <b>yesterday</b>.</p>",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "reply", status: 204, originalTo: "reply+tok1042@in.acme.test" });

    const { request, mail } = await delivered();
    expect(request.headers["x-original-to"]).toBe("reply+tok1042@in.acme.test");
    expect(mail.messageId).toBe(res.body.messageId);
    expect(mail.from?.value).toEqual([{ name: "Ada Lovelace", address: "ada@example.com" }]);
    expect(addresses(mail.to)).toEqual(["reply+tok1042@in.acme.test"]);
    expect(mail.subject).toBe("Re: Invoice 1042 is due");
    expect(mail.inReplyTo).toBe("<rem-1042@acme.test>");
    expect(mail.references).toEqual(["<thread-root@acme.test>", "<rem-1042@acme.test>"]);
    expect(mail.headers.has("auto-submitted")).toBe(false);
    expect(mail.text).toMatch(
      /^We paid yesterday\.\n\nOn .+2\d{3}.*, Acme Billing <billing@acme\.test> wrote:\n/,
    );
    expect(mail.text).toContain("> Dear Ada,\n>\n> Please pay invoice 1042 (€120).\n>\n> Acme");
    expect(mail.html).toContain("<p>We paid <b>yesterday</b>.</p>");
    expect(mail.html).toMatch(/<blockquote[^>]*>[\s\S]*Please pay invoice 1042/);

    // Tampering with the body (or the secret) breaks the signature.
    const signature = request.headers["x-inbound-signature"] as string;
    const tampered = Buffer.from(request.body.toString().replace("We paid", "We will pay"));
    expect(verifyInboundSignature(SECRET, signature, tampered)).toBe(false);
    expect(verifyInboundSignature("another-secret", signature, request.body)).toBe(false);

    // The reply is stored beside the original, marked as generated by the sandbox.
    const [stored, first] = sandbox.messages();
    expect(first!.id).toBe(original.id);
    expect(first!.direction).toBe("outbound");
    expect(stored).toMatchObject({
      id: res.body.id,
      direction: "inbound",
      messageId: res.body.messageId,
      subject: "Re: Invoice 1042 is due",
      from: "ada@example.com",
      to: ["reply+tok1042@in.acme.test"],
      generated: { kind: "reply", inResponseTo: original.id, url: endpointUrl, status: 204 },
    });
    const raw = await fetch(`${sandbox.inboxUrl}/api/messages/${res.body.id}/raw`);
    expect(Buffer.from(await raw.arrayBuffer()).equals(request.body)).toBe(true);
  });

  it("answers From when there is no Reply-To, uses a default text, and takes another sender", async () => {
    const original = await sendReminder(sandbox, { replyTo: undefined, references: undefined });
    const res = await post(`/api/messages/${original.id}/reply`, {
      from: "Ada's Accountant <acc@example.com>",
    });
    expect(res.status).toBe(200);
    const { request, mail } = await delivered();
    expect(request.headers["x-original-to"]).toBe("billing@acme.test");
    expect(addresses(mail.to)).toEqual(["billing@acme.test"]);
    expect(mail.from?.value).toEqual([{ name: "Ada's Accountant", address: "acc@example.com" }]);
    expect(mail.references).toBe("<rem-1042@acme.test>");
    expect(mail.text).toMatch(/^Thank you for the reminder\. We will pay this week\.\n/);
    expect(mail.html).toBe(false);
  });

  it("reports the endpoint's status as it is, and an unreachable endpoint as 502", async () => {
    const original = await sendReminder();
    nextStatus = 401;
    const rejected = await post(`/api/messages/${original.id}/reply`, {});
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe(401);

    sandbox.setInbound({ url: "http://127.0.0.1:9/unreachable", secret: SECRET });
    try {
      const res = await post(`/api/messages/${original.id}/reply`, {});
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ status: null, error: { code: "inbound_unreachable" } });
      expect(sandbox.messages()[0]).toMatchObject({
        direction: "inbound",
        generated: { status: null, url: "http://127.0.0.1:9/unreachable" },
      });
    } finally {
      sandbox.setInbound({ url: endpointUrl, secret: SECRET });
    }
  });
});

describe("out of office", () => {
  const cases = [
    {
      language: "en",
      subject: "Automatic reply: Invoice 1042 is due",
      date: "I am out of the office and will be back on Wednesday, December 2, 2026.",
    },
    {
      language: "de",
      subject: "Abwesenheitsnotiz: Invoice 1042 is due",
      date: "ab Mittwoch, dem 2. Dezember 2026 wieder erreichbar",
    },
    {
      language: "fr",
      subject: "Réponse automatique : Invoice 1042 is due",
      date: "serai de retour le mercredi 2 décembre 2026.",
    },
    {
      language: "es",
      subject: "Respuesta automática: Invoice 1042 is due",
      date: "estaré de vuelta el miércoles 2 de diciembre de 2026.",
    },
  ] as const;

  for (const { language, subject, date } of cases) {
    it(`posts an RFC 3834 auto-reply naming the return date (${language})`, async () => {
      const original = await sendReminder();
      const res = await post(`/api/messages/${original.id}/out-of-office`, {
        returnDate: "2026-12-02",
        language,
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ kind: "out-of-office", status: 204 });

      const { request, mail } = await delivered();
      expect(request.headers["x-original-to"]).toBe("reply+tok1042@in.acme.test");
      expect(mail.subject).toBe(subject);
      expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
      expect(mail.headers.get("x-autoreply")).toBe("yes");
      expect(mail.headers.get("precedence")).toBe("auto_reply");
      expect(mail.headers.get("content-language")).toBe(language);
      expect(mail.inReplyTo).toBe("<rem-1042@acme.test>");
      expect(mail.references).toEqual(["<thread-root@acme.test>", "<rem-1042@acme.test>"]);
      expect(addresses(mail.to)).toEqual(["reply+tok1042@in.acme.test"]);
      expect(mail.from?.value[0]?.address).toBe("ada@example.com");
      expect(mail.text).toContain(date);
      expect(mail.text).toMatch(/Ada Lovelace\n$/);
    });
  }

  it("names no date without a returnDate, and speaks English by default", async () => {
    const original = await sendReminder();
    const res = await post(`/api/messages/${original.id}/out-of-office`);
    expect(res.status).toBe(200);
    const { mail } = await delivered();
    expect(mail.subject).toBe("Automatic reply: Invoice 1042 is due");
    expect(mail.text).toContain("I am out of the office with limited access to email.");
    expect(mail.text).not.toMatch(/\d/);
  });

  it("writes 1er for the first of the month in French", async () => {
    const original = await sendReminder();
    await post(`/api/messages/${original.id}/out-of-office`, { returnDate: "2027-01-01", language: "fr" });
    const { mail } = await delivered();
    expect(mail.text).toContain("le vendredi 1er janvier 2027.");
  });
});

describe("bounce", () => {
  it("posts an RFC 3464 delivery status notification to the envelope sender", async () => {
    const original = await sendReminder();
    const res = await post(`/api/messages/${original.id}/bounce`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: "bounce", status: 204, originalTo: "bounces+rem-1042@acme.test" });

    const { request, mail } = await delivered();
    expect(request.headers["x-original-to"]).toBe("bounces+rem-1042@acme.test");
    expect(mail.from?.value[0]?.address).toBe("MAILER-DAEMON@mail-sandbox.localhost");
    expect(addresses(mail.to)).toEqual(["bounces+rem-1042@acme.test"]);
    expect(mail.subject).toBe("Undelivered Mail Returned to Sender");
    expect(mail.headers.get("auto-submitted")).toBe("auto-replied");
    expect(mail.headers.get("content-type")).toMatchObject({
      value: "multipart/report",
      params: { "report-type": "delivery-status" },
    });
    // mailparser folds the message/delivery-status part into `text` (see email.md §4).
    const text = mail.text ?? "";
    expect(text).toContain("could not\nbe delivered to one or more recipients");
    expect(text).toContain("Reporting-MTA: dns; mail-sandbox.localhost\n");
    expect(text).toMatch(/Arrival-Date: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000\n/);
    expect(text).toContain(
      [
        "Final-Recipient: rfc822; ada@example.com",
        "Original-Recipient: rfc822; ada@example.com",
        "Action: failed",
        "Status: 5.1.1",
      ].join("\n"),
    );
    expect(text).toContain(
      "Diagnostic-Code: smtp; 550 5.1.1 <ada@example.com>: Recipient address rejected: User unknown\n",
    );
    const rawText = request.body.toString();
    expect(rawText).toMatch(/Content-Type: message\/delivery-status\r\n/);
    expect(rawText).toMatch(
      /Content-Type: text\/rfc822-headers\r\n(?:[\w-]+: .*\r\n)*Content-Transfer-Encoding: 7bit\r\n/,
    );
    const headersPart = mail.attachments.find((a) => a.contentType === "text/rfc822-headers");
    expect(headersPart).toBeDefined();
    const originalHeaders = headersPart!.content.toString();
    expect(originalHeaders).toContain("Message-ID: <rem-1042@acme.test>");
    expect(originalHeaders).toContain("Subject: Invoice 1042 is due");
    expect(originalHeaders).not.toContain("Please pay");

    expect(sandbox.messages()[0]).toMatchObject({
      direction: "inbound",
      from: "MAILER-DAEMON@mail-sandbox.localhost",
      generated: { kind: "bounce", inResponseTo: original.id },
    });
  });

  it("takes another status and diagnostic; a 4.x.x status is a delay", async () => {
    const original = await sendReminder();
    await post(`/api/messages/${original.id}/bounce`, {
      status: "5.2.2",
      diagnostic: "552 5.2.2 <ada@example.com>: Mailbox over quota",
    });
    let { mail } = await delivered();
    expect(mail.text).toContain("Action: failed\nStatus: 5.2.2\n");
    expect(mail.text).toContain("Diagnostic-Code: smtp; 552 5.2.2 <ada@example.com>: Mailbox over quota\n");

    received = [];
    await post(`/api/messages/${original.id}/bounce`, { status: "4.2.2" });
    ({ mail } = await delivered());
    expect(mail.subject).toBe("Delayed Mail (still being retried)");
    expect(mail.text).toContain("Action: delayed\nStatus: 4.2.2\n");
    expect(mail.text).toMatch(/Will-Retry-Until: /);
  });

  it("goes to From when the message had no envelope sender", async () => {
    const mailer = nodemailer.createTransport(sandbox.smtpUrl);
    await mailer.sendMail({
      from: "billing@acme.test",
      to: "ada@example.com",
      subject: "x",
      text: "x",
      envelope: { from: "", to: ["ada@example.com"] },
    });
    mailer.close();
    const [original] = sandbox.messages();
    expect(original!.envelope.from).toBe("");
    await post(`/api/messages/${original!.id}/bounce`);
    const { request } = await delivered();
    expect(request.headers["x-original-to"]).toBe("billing@acme.test");
  });
});

describe("refusals", () => {
  it("answers 409 without an inbound address, until one is set", async () => {
    const original = await sendReminder(plain);
    for (const kind of ["reply", "out-of-office", "bounce"]) {
      const res = await post(`/api/messages/${original.id}/${kind}`, {}, plain);
      expect(res.status).toBe(409);
      expect(res.body.error).toEqual({
        code: "no_inbound",
        message: expect.stringMatching(/^No inbound address is configured/),
      });
    }
    await expect(plain.reply(original.id)).rejects.toBeInstanceOf(InboundActionError);
    expect(received).toEqual([]);
    expect(plain.messages()).toHaveLength(1);

    plain.setInbound({ url: endpointUrl, secret: SECRET });
    try {
      const result = await plain.bounce(original.id);
      expect(result.status).toBe(204);
      await delivered();
    } finally {
      plain.setInbound(null);
    }
    expect(() => plain.setInbound({ url: "not a url", secret: SECRET })).toThrow(TypeError);
    await expect(
      startMailSandbox({ smtpPort: 0, httpPort: 0, inbound: { url: endpointUrl, secret: "" } }),
    ).rejects.toThrow(TypeError);
  });

  it("answers 404 for unknown ids, 405 for other methods, 400 for invalid input", async () => {
    const original = await sendReminder();
    expect((await post("/api/messages/nope/reply", {})).status).toBe(404);
    const get = await fetch(`${sandbox.inboxUrl}/api/messages/${original.id}/reply`);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");

    const invalid: [string, unknown, string][] = [
      ["out-of-office", { returnDate: "2026-02-30" }, "invalid_returnDate"],
      ["out-of-office", { returnDate: "next week" }, "invalid_returnDate"],
      ["out-of-office", { language: "it" }, "invalid_language"],
      ["bounce", { status: "2.0.0" }, "invalid_status"],
      ["bounce", { diagnostic: "550\r\nX-Evil: 1" }, "invalid_diagnostic"],
      ["reply", { text: 42 }, "invalid_text"],
      ["reply", { from: "not an address" }, "invalid_from"],
      ["reply", [1, 2], "invalid_body"],
    ];
    for (const [kind, body, code] of invalid) {
      const res = await post(`/api/messages/${original.id}/${kind}`, body);
      expect({ kind, status: res.status, code: res.body.error?.code }).toEqual({
        kind,
        status: 400,
        code,
      });
    }
    const badJson = await fetch(`${sandbox.inboxUrl}/api/messages/${original.id}/reply`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(badJson.status).toBe(400);
    expect(received).toEqual([]);
  });

  it("does not answer messages the sandbox generated itself", async () => {
    const original = await sendReminder();
    const reply = await post(`/api/messages/${original.id}/reply`, {});
    const res = await post(`/api/messages/${reply.body.id}/bounce`, {});
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe("generated_message");
  });
});

describe("web inbox", () => {
  it("shows the three buttons only when an inbound address is set", async () => {
    const original = await sendReminder();
    const page = await fetch(`${sandbox.inboxUrl}/messages/${original.id}`);
    const html = await page.text();
    expect(html).toContain(`<form method="post" action="/messages/${original.id}/reply">`);
    expect(html).toContain(`<form method="post" action="/messages/${original.id}/out-of-office">`);
    expect(html).toContain(`<form method="post" action="/messages/${original.id}/bounce">`);
    expect(html).toContain('<button type="submit">Reply</button>');
    expect(html).toContain('<button type="submit">Out of office</button>');
    expect(html).toContain('<button type="submit">Bounce</button>');
    expect(html.match(/<script/g)).toEqual(["<script"]); // only the external /inbox.js
    expect(html).not.toMatch(/\son[a-z]+=/i); // no inline handlers

    const without = await sendReminder(plain);
    const plainHtml = await (await fetch(`${plain.inboxUrl}/messages/${without.id}`)).text();
    expect(plainHtml).not.toContain('<button type="submit">Reply</button>');
    expect(plainHtml).not.toContain("/out-of-office");
  });

  it("posts an out-of-office from the form, redirects back and shows the outcome and the conversation", async () => {
    const original = await sendReminder();
    const res = await fetch(
      `${sandbox.inboxUrl}/messages/${original.id}/out-of-office?to=ada%40example.com`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ returnDate: "2026-12-02", language: "de" }),
        redirect: "manual",
      },
    );
    expect(res.status).toBe(303);
    const { mail } = await delivered();
    expect(mail.subject).toBe("Abwesenheitsnotiz: Invoice 1042 is due");
    expect(mail.text).toContain("Mittwoch, dem 2. Dezember 2026");
    const [generated] = sandbox.messages();
    expect(res.headers.get("location")).toBe(
      `/messages/${original.id}?sent=${generated!.id}&to=ada%40example.com`,
    );

    const page = await fetch(`${sandbox.inboxUrl}${res.headers.get("location")}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("form-action 'self'");
    const html = await page.text();
    expect(html).toContain(`Out of office posted to ${endpointUrl}: HTTP 204.`);
    expect(html).toContain(`href="/messages/${generated!.id}?to=ada%40example.com"`);
    expect(html).toContain("Answers from the sandbox");

    const generatedPage = await (await fetch(`${sandbox.inboxUrl}/messages/${generated!.id}`)).text();
    expect(generatedPage).toContain("Out of office generated by the sandbox in answer to");
    expect(generatedPage).not.toContain('<button type="submit">Bounce</button>');
    const list = await (await fetch(`${sandbox.inboxUrl}/`)).text();
    expect(list).toContain('<span class="badge">Out of office</span> Abwesenheitsnotiz: Invoice 1042 is due');
  });

  it("reports a refused action and the endpoint's error status on the page", async () => {
    const original = await sendReminder();
    const refused = await fetch(`${sandbox.inboxUrl}/messages/${original.id}/bounce`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "status=9.9.9",
      redirect: "manual",
    });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`/messages/${original.id}?failed=invalid_status`);
    const refusedHtml = await (await fetch(`${sandbox.inboxUrl}${refused.headers.get("location")}`)).text();
    expect(refusedHtml).toContain("The status must look like 5.1.1 or 4.2.2.");

    nextStatus = 500;
    const failed = await fetch(`${sandbox.inboxUrl}/messages/${original.id}/reply`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "text=Paid",
    });
    expect(failed.status).toBe(200);
    const html = await failed.text();
    expect(html).toContain(`<p class="notice error" role="status">Reply posted to ${endpointUrl}: HTTP 500.`);
    const { mail } = await delivered();
    expect(mail.text).toMatch(/^Paid\n/);

    const off = await fetch(`${plain.inboxUrl}/messages/${original.id}/reply`, {
      method: "POST",
      redirect: "manual",
    });
    expect(off.status).toBe(303);
    expect(off.headers.get("location")).toBe(`/messages/${original.id}?failed=no_inbound`);
  });
});
