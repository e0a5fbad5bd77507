/**
 * The relays people use (decision 0022): SendGrid Inbound Parse's raw post, a Mailgun route's
 * forward to a `mime` URL and Postmark's inbound JSON, each in its documented shape
 * (test/fixtures/relays/), signed and forged, over HTTP into the same pipeline: each reply lands
 * in its invoice's thread.
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { communicationsWorld } from "./communications-fixture.ts";
import { httpCaller, type MailMessage } from "./kit/index.ts";

const SENDGRID = "sendgrid:sendgrid-password-0123456789";
const MAILGUN_KEY = "key-mailgun-signing-0123456789abcdef";
const POSTMARK = "postmark:postmark-password-0123456789";

const { appUrl, takeInvoice, sendReminder, thread, stored, compose } = communicationsWorld({
  INBOUND_SENDGRID_AUTH: SENDGRID,
  INBOUND_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
  INBOUND_POSTMARK_AUTH: POSTMARK,
});

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/relays/${name}`, import.meta.url), "utf8")) as {
    fields?: [string, string][];
    payload?: unknown;
  };

/** Each `{{name}}` in the fixture's strings replaced by its value. */
function fill<T>(value: T, values: Record<string, string>): T {
  if (typeof value === "string")
    return value.replace(/\{\{(\w+)\}\}/g, (m, k: string) => values[k] ?? m) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, values)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, values)])) as T;
  return value;
}

/** The fixture's fields as the relay posts them: multipart/form-data. */
async function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const res = new Response(form);
  return { raw: Buffer.from(await res.arrayBuffer()), type: res.headers.get("content-type")! };
}

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;

function mailgunSignature(key = MAILGUN_KEY, at = new Date(), token = randomBytes(25).toString("hex")) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", key)
    .update(timestamp + token)
    .digest("hex");
  return { timestamp, token, signature };
}

/** A reminder for a fresh invoice, and the customer's reply to it as raw MIME with the values the fixtures take. */
async function replyTo(text: string) {
  const inv = takeInvoice();
  const mail: MailMessage = await sendReminder(String(inv.id), `Invoice ${inv.docNumber} relay`);
  const from = mail.to[0]!;
  const to = mail.headers["reply-to"]!;
  const subject = `Re: Invoice ${inv.docNumber} relay`;
  const messageId = `<${randomBytes(8).toString("hex")}@customer.example>`;
  const email = (
    await compose({ from, to, subject, messageId, inReplyTo: mail.headers["message-id"], text })
  ).toString("utf8");
  const values = {
    email,
    to,
    from,
    subject,
    text,
    messageId,
    inReplyTo: mail.headers["message-id"]!,
    hash: to.split("@")[0]!.split("+")[1] ?? "",
  };
  const landed = async () => {
    const t = await thread(String(inv.id), String(inv.customerId));
    return t.messages.filter((m: { direction: string }) => m.direction === "inbound");
  };
  return { values, landed };
}

const post = (path: string, raw: Buffer | string, headers: Record<string, string>) =>
  httpCaller(appUrl())("POST", path, { raw, headers });

describe("SendGrid Inbound Parse (raw)", () => {
  it("a reply in SendGrid's raw post, with its basic auth, lands in its thread", async () => {
    const { values, landed } = await replyTo("Paid today by bank transfer.");
    const body = await multipart(fill(fixture("sendgrid-raw.json").fields!, values));
    const res = await post(apiPaths.communications.inboundSendgrid, body.raw, {
      "content-type": body.type,
      authorization: basic(SENDGRID),
    });
    expect(res.status, res.text).toBe(204);
    const inbound = await landed();
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      kind: "reply",
      subject: values.subject,
      inReplyTo: values.inReplyTo,
      replyText: "Paid today by bank transfer.",
    });
  });

  it("without its basic auth, or with a wrong password: 401, nothing stored", async () => {
    const { values } = await replyTo("Forged.");
    const body = await multipart(fill(fixture("sendgrid-raw.json").fields!, values));
    const before = await stored();
    for (const auth of [undefined, basic("sendgrid:wrong-password-0123456789"), "Bearer x"]) {
      const res = await post(apiPaths.communications.inboundSendgrid, body.raw, {
        "content-type": body.type,
        ...(auth ? { authorization: auth } : {}),
      });
      expect(res.status).toBe(401);
    }
    expect(await stored()).toBe(before);
  });

  it("the parsed post (raw MIME not ticked) says what to tick: 400", async () => {
    const body = await multipart([
      ["text", "hi"],
      ["to", "reply+x@inbound.test"],
    ]);
    const res = await post(apiPaths.communications.inboundSendgrid, body.raw, {
      "content-type": body.type,
      authorization: basic(SENDGRID),
    });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toContain("POST the raw, full MIME message");
  });
});

describe("Mailgun route forward to a mime URL", () => {
  it("a signed post lands in its thread; the same token again is a replay: 401", async () => {
    const { values, landed } = await replyTo("We will pay on Friday.");
    const fields = fill(fixture("mailgun-mime.json").fields!, { ...values, ...mailgunSignature() });
    const body = await multipart(fields);
    const res = await post(apiPaths.communications.inboundMailgun, body.raw, { "content-type": body.type });
    expect(res.status, res.text).toBe(200);
    const inbound = await landed();
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ kind: "reply", replyText: "We will pay on Friday." });

    const again = await post(apiPaths.communications.inboundMailgun, body.raw, { "content-type": body.type });
    expect(again.status).toBe(401);
    expect(again.json.error.message).toContain("used already");
  });

  it("urlencoded (as Mailgun posts a message without attachments) is taken too", async () => {
    const { values, landed } = await replyTo("Urlencoded reply.");
    const fields = fill(fixture("mailgun-mime.json").fields!, { ...values, ...mailgunSignature() });
    const res = await post(apiPaths.communications.inboundMailgun, new URLSearchParams(fields).toString(), {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(res.status, res.text).toBe(200);
    expect((await landed())[0]).toMatchObject({ replyText: "Urlencoded reply." });
  });

  it("a wrong key, a too old timestamp, a missing signature: 401, nothing stored", async () => {
    const { values } = await replyTo("Forged.");
    const before = await stored();
    const cases = [
      mailgunSignature("key-another-signing-key-0123456789"),
      mailgunSignature(MAILGUN_KEY, new Date(Date.now() - 10 * 60_000)),
      { ...mailgunSignature(), signature: "" },
      { ...mailgunSignature(), token: "another-token" },
    ];
    for (const signature of cases) {
      const body = await multipart(fill(fixture("mailgun-mime.json").fields!, { ...values, ...signature }));
      const res = await post(apiPaths.communications.inboundMailgun, body.raw, { "content-type": body.type });
      expect(res.status).toBe(401);
    }
    expect(await stored()).toBe(before);
  });

  it("a forged reply address answers 406, on which Mailgun stops retrying", async () => {
    const { values } = await replyTo("Forged address.");
    const forged = values.to.replace(
      /\.([a-z2-7])([a-z2-7]+)@/,
      (_m, c: string, r: string) => `.${c === "a" ? "b" : "a"}${r}@`,
    );
    const email = values.email
      .replaceAll(values.to, forged)
      .replace(/^In-Reply-To:.*\r?\n/im, "")
      .replace(/^References:.*\r?\n/im, "");
    const body = await multipart(
      fill(fixture("mailgun-mime.json").fields!, { ...values, to: forged, email, ...mailgunSignature() }),
    );
    const res = await post(apiPaths.communications.inboundMailgun, body.raw, { "content-type": body.type });
    expect(res.status).toBe(406);
  });
});

describe("Postmark inbound JSON", () => {
  it("composed from its fields (no RawEmail), with its basic auth: lands in its thread with its attachment", async () => {
    const { values, landed } = await replyTo("Remittance attached.");
    const payload = fill(fixture("postmark.json").payload, values);
    const res = await post(apiPaths.communications.inboundPostmark, JSON.stringify(payload), {
      "content-type": "application/json",
      authorization: basic(POSTMARK),
    });
    expect(res.status, res.text).toBe(204);
    const inbound = await landed();
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({ kind: "reply", inReplyTo: values.inReplyTo, subject: values.subject });
    expect(inbound[0].replyText).toBe("Remittance attached.");
    expect(JSON.stringify(inbound[0].attachments)).toContain("remittance.txt");
  });

  it("with RawEmail (the stream's 'Include raw email content'): the raw message is read", async () => {
    const { values, landed } = await replyTo("From the raw email.");
    const payload = { ...fill(fixture("postmark.json").payload as object, values), RawEmail: values.email };
    const res = await post(apiPaths.communications.inboundPostmark, JSON.stringify(payload), {
      "content-type": "application/json",
      authorization: basic(POSTMARK),
    });
    expect(res.status, res.text).toBe(204);
    expect((await landed())[0]).toMatchObject({ replyText: "From the raw email." });
  });

  it("without its basic auth or with a wrong one: 401, nothing stored", async () => {
    const { values } = await replyTo("Forged.");
    const payload = JSON.stringify(fill(fixture("postmark.json").payload, values));
    const before = await stored();
    for (const auth of [undefined, basic("postmark:not-the-password-012345")]) {
      const res = await post(apiPaths.communications.inboundPostmark, payload, {
        "content-type": "application/json",
        ...(auth ? { authorization: auth } : {}),
      });
      expect(res.status).toBe(401);
    }
    expect(await stored()).toBe(before);
  });
});
