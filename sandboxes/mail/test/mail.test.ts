import nodemailer from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MailSandbox, type StoredMessage, startMailSandbox } from "../src/index.ts";

let sandbox: MailSandbox;

beforeAll(async () => {
  sandbox = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(() => sandbox.clear());

function transport() {
  return nodemailer.createTransport(sandbox.smtpUrl);
}

async function getMessages(query = ""): Promise<StoredMessage[]> {
  const res = await fetch(`${sandbox.inboxUrl}/api/messages${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as StoredMessage[];
}

describe("mail sandbox", () => {
  it("reports the real ports and URLs when started on port 0", () => {
    expect(sandbox.smtpPort).toBeGreaterThan(0);
    expect(sandbox.httpPort).toBeGreaterThan(0);
    expect(sandbox.smtpUrl).toBe(`smtp://127.0.0.1:${sandbox.smtpPort}`);
    expect(sandbox.inboxUrl).toBe(`http://localhost:${sandbox.httpPort}`);
  });

  it("stores sent mail and lists it newest first with parsed fields", async () => {
    const mailer = transport();
    await mailer.sendMail({
      from: '"Acme Billing" <billing@acme.test>',
      to: "first@example.com",
      subject: "First",
      text: "one",
    });
    await mailer.sendMail({
      from: "billing@acme.test",
      to: ["Second <second@example.com>", "third@example.com"],
      subject: "Invoice 1042 is due — €120",
      text: "Please pay invoice 1042.",
      html: "<p>Please pay <b>invoice 1042</b>.</p>",
      headers: { "X-Recoup-Invoice": "1042" },
      messageId: "<reminder-1042@recoup.test>",
    });
    mailer.close();

    const messages = await getMessages();
    expect(messages.map((m) => m.subject)).toEqual(["Invoice 1042 is due — €120", "First"]);
    const [latest] = messages;
    expect(latest).toMatchObject({
      from: "billing@acme.test",
      to: ["second@example.com", "third@example.com"],
      text: "Please pay invoice 1042.",
      html: "<p>Please pay <b>invoice 1042</b>.</p>",
      messageId: "<reminder-1042@recoup.test>",
    });
    expect(latest!.id).toEqual(expect.any(String));
    expect(new Date(latest!.date).toISOString()).toBe(latest!.date);
    expect(latest!.headers["x-recoup-invoice"]).toBe("1042");
    expect(latest!.headers["message-id"]).toBe("<reminder-1042@recoup.test>");
    expect(latest!.headers.subject).toBe("Invoice 1042 is due — €120");
    expect(Object.keys(latest!.headers).every((k) => k === k.toLowerCase())).toBe(true);
    expect(sandbox.messages().map((m) => m.id)).toEqual(messages.map((m) => m.id));
  });

  it("filters by recipient, case-insensitively, including Cc and Bcc", async () => {
    const mailer = transport();
    await mailer.sendMail({ from: "a@acme.test", to: "Ada@Example.com", subject: "to ada", text: "x" });
    await mailer.sendMail({ from: "a@acme.test", to: "grace@example.com", subject: "to grace", text: "x" });
    await mailer.sendMail({
      from: "a@acme.test",
      to: "grace@example.com",
      bcc: "ada@example.com",
      subject: "bcc ada",
      text: "x",
    });
    mailer.close();

    const forAda = await getMessages("?to=ADA%40example.com");
    expect(forAda.map((m) => m.subject)).toEqual(["bcc ada", "to ada"]);
    const forGrace = await getMessages(`?to=${encodeURIComponent("grace@example.com")}`);
    expect(forGrace.map((m) => m.subject)).toEqual(["bcc ada", "to grace"]);
    expect(await getMessages("?to=nobody%40example.com")).toEqual([]);
  });

  it("returns one message by id, its source, 404 for unknown ids, and clears on DELETE", async () => {
    const mailer = transport();
    await mailer.sendMail({ from: "a@acme.test", to: "b@example.com", subject: "Hello", text: "Hi" });
    mailer.close();
    const [message] = await getMessages();

    const one = await fetch(`${sandbox.inboxUrl}/api/messages/${message!.id}`);
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(message);

    const raw = await fetch(`${sandbox.inboxUrl}/api/messages/${message!.id}/raw`);
    expect(raw.headers.get("content-type")).toBe("message/rfc822");
    expect(await raw.text()).toContain("Subject: Hello");

    const missing = await fetch(`${sandbox.inboxUrl}/api/messages/does-not-exist`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "No such message" } });

    const cleared = await fetch(`${sandbox.inboxUrl}/api/messages`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect(await getMessages()).toEqual([]);
  });

  it("accepts mail from clients that log in, whatever the credentials", async () => {
    const mailer = nodemailer.createTransport({
      host: "127.0.0.1",
      port: sandbox.smtpPort,
      secure: false,
      auth: { user: "apikey", pass: "anything" },
    });
    await mailer.sendMail({ from: "a@acme.test", to: "b@example.com", subject: "with auth", text: "x" });
    mailer.close();
    expect(sandbox.messages({ to: "b@example.com" }).map((m) => m.subject)).toEqual(["with auth"]);
  });

  it("keeps only the most recent messages beyond its capacity", async () => {
    const small = await startMailSandbox({ smtpPort: 0, httpPort: 0, capacity: 3 });
    try {
      const mailer = nodemailer.createTransport(small.smtpUrl);
      for (let i = 1; i <= 5; i++) {
        await mailer.sendMail({ from: "a@acme.test", to: "b@example.com", subject: `#${i}`, text: "x" });
      }
      mailer.close();
      expect(small.messages().map((m) => m.subject)).toEqual(["#5", "#4", "#3"]);
    } finally {
      await small.close();
    }
  });
});

describe("web inbox", () => {
  it("lists messages and renders one with its HTML in an escaped, sandboxed srcdoc frame", async () => {
    const mailer = transport();
    await mailer.sendMail({
      from: "billing@acme.test",
      to: "ada@example.com",
      subject: "Your <invoice> & receipt",
      text: "Plain <text> body",
      html: `<p class="x">Hi "Ada" &amp; co</p><script>alert(1)</script>`,
    });
    mailer.close();
    const [message] = await getMessages();

    const list = await fetch(`${sandbox.inboxUrl}/`);
    expect(list.status).toBe(200);
    const csp = list.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    const listHtml = await list.text();
    expect(listHtml).toContain("Your &lt;invoice&gt; &amp; receipt");
    expect(listHtml).toContain(`href="/messages/${message!.id}"`);
    expect(listHtml).not.toMatch(/<script>(?!<\/script>)/);

    const page = await fetch(`${sandbox.inboxUrl}/messages/${message!.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const frame = /<iframe[^>]*\ssandbox="[^"]*"[^>]*\ssrcdoc="([^"]*)"/.exec(html);
    expect(frame).not.toBeNull();
    expect(frame![1]).toContain("&lt;p class=&quot;x&quot;&gt;Hi &quot;Ada&quot; &amp;amp; co&lt;/p&gt;");
    expect(frame![1]).not.toContain("<");
    expect(html).toContain("Plain &lt;text&gt; body");
    expect(html.match(/<script/g)).toEqual(["<script"]); // only the external /inbox.js
    expect(html).toContain('<script src="/inbox.js" defer></script>');

    const filtered = await fetch(`${sandbox.inboxUrl}/?to=grace%40example.com`);
    expect(await filtered.text()).toContain("No messages to this address.");

    const script = await fetch(`${sandbox.inboxUrl}/inbox.js`);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
  });

  it("clears the inbox from the page's form", async () => {
    const mailer = transport();
    await mailer.sendMail({ from: "a@acme.test", to: "b@example.com", subject: "x", text: "x" });
    mailer.close();
    const res = await fetch(`${sandbox.inboxUrl}/clear`, { method: "POST", redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/");
    expect(sandbox.messages()).toEqual([]);
  });
});
