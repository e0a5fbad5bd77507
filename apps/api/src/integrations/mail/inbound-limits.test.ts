import MailComposer from "nodemailer/lib/mail-composer/index.js";
import { describe, expect, it } from "vitest";
import { inboundEnvelope } from "./inbound-envelope.ts";
import { INBOUND_LIMITS, parseInbound } from "./inbound-mail.ts";
import { UnreadableMail } from "./inbound-records.ts";
import { mimeShapeProblem } from "./mime-shape.ts";
import { readMail } from "./read-mail.ts";

const MB = 1024 * 1024;
const now = new Date("2026-11-02T09:00:00Z");
const compose = (mail: ConstructorParameters<typeof MailComposer>[0]) =>
  new MailComposer({ from: "ana@customer.example", to: "reply+abc@inbound.test", ...mail }).compile().build();
/** A message with `n` small attachments after its text, as the 1,000-part finding was. */
const withAttachments = (n: number) =>
  compose({
    subject: "Re: invoice 1042",
    text: "Here are the documents.",
    attachments: Array.from({ length: n }, (_, i) => ({ filename: `doc-${i}.txt`, content: `doc ${i}` })),
  });
/** Multiparts inside multiparts, `depth` levels. */
function nested(depth: number) {
  let raw =
    "From: ana@customer.example\r\nTo: reply+abc@inbound.test\r\nSubject: deep\r\nMIME-Version: 1.0\r\n";
  for (let i = 0; i < depth; i++) raw += `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`;
  raw += "Content-Type: text/plain\r\n\r\nhello from the bottom\r\n";
  for (let i = depth - 1; i >= 0; i--) raw += `--b${i}--\r\n`;
  return Buffer.from(raw);
}
/** Embedded messages inside embedded messages. */
function embedded(depth: number) {
  let raw = "From: ana@customer.example\r\nSubject: fwd\r\n";
  for (let i = 0; i < depth; i++) raw += `Content-Type: message/rfc822\r\n\r\nSubject: level ${i}\r\n`;
  return Buffer.from(`${raw}Content-Type: text/plain\r\n\r\nhello\r\n`);
}

async function unreadable(raw: Buffer, limits = INBOUND_LIMITS) {
  const error = await parseInbound(raw, [], now, limits).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnreadableMail);
  return error as UnreadableMail;
}

describe("the shape of a message, before any parser reads it", () => {
  it("counts parts: within the limit it is read whole; over it, refused at once (1,000 parts in well under a second)", async () => {
    const fine = await withAttachments(INBOUND_LIMITS.maxParts - 3);
    expect(mimeShapeProblem(fine)).toBeNull();
    const mail = await parseInbound(fine, [], now);
    expect(mail.attachments).toHaveLength(INBOUND_LIMITS.maxParts - 3);

    const found = await withAttachments(1000);
    const started = performance.now();
    const error = await unreadable(found);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error).toMatchObject({ reason: "too_many_parts", detail: "It has more than 500 parts." });
  });

  it("counts a part opened in any multipart that is still open, and the parts of embedded messages", () => {
    // Three levels; the innermost multipart never closes, and the outer one's delimiter follows.
    const raw = Buffer.from(
      [
        'Content-Type: multipart/mixed; boundary="outer"',
        "",
        "--outer",
        'Content-Type: multipart/alternative; boundary="inner"',
        "",
        "--inner",
        "Content-Type: text/plain",
        "",
        "a",
        ...Array.from({ length: 6 }, () => ["--outer", "Content-Type: text/plain", "", "b"]).flat(),
        "--outer--",
      ].join("\r\n"),
    );
    const limits = { ...INBOUND_LIMITS, maxParts: 8 };
    expect(mimeShapeProblem(raw, { ...limits, maxParts: 9 })).toBeNull();
    expect(mimeShapeProblem(raw, limits)?.reason).toBe("too_many_parts");
    expect(mimeShapeProblem(embedded(5), { ...INBOUND_LIMITS, maxParts: 5 })?.reason).toBe("too_many_parts");
  });

  it("refuses parts nested deeper than the limit, multiparts and embedded messages alike", async () => {
    expect(mimeShapeProblem(nested(INBOUND_LIMITS.maxDepth))).toBeNull();
    expect((await parseInbound(nested(INBOUND_LIMITS.maxDepth), [], now)).text).toContain(
      "hello from the bottom",
    );
    expect(await unreadable(nested(INBOUND_LIMITS.maxDepth + 1))).toMatchObject({
      reason: "too_deep",
      detail: "Its parts are nested more than 30 levels deep.",
    });
    // mailparser would drop the text of this one without a word.
    expect((await unreadable(nested(1500))).reason).toBe("too_deep");
    expect((await unreadable(embedded(40))).reason).toBe("too_deep");
  });

  it("refuses a header block over the limit, and still reads the addresses of the message's own header", async () => {
    const raw = await compose({
      subject: "Re: invoice 1042",
      messageId: "<big-header@customer.example>",
      headers: { "X-Padding": "p".repeat(300 * 1024) },
      text: "hello",
    });
    expect(await unreadable(raw)).toMatchObject({ reason: "header_too_large" });
    const envelope = await inboundEnvelope(raw, ["Envelope@Inbound.Test"]);
    expect(envelope).toMatchObject({
      from: "ana@customer.example",
      recipients: ["envelope@inbound.test", "reply+abc@inbound.test"],
      subject: "Re: invoice 1042",
      messageId: "<big-header@customer.example>",
    });
  });
});

describe("the time budget and the size of what is kept", () => {
  it("stops reading at the budget's end: a 20 MB message with a 50 ms budget is refused as too slow", async () => {
    const raw = await compose({ subject: "Re: invoice", text: "word ".repeat((20 * MB) / 5) });
    const started = performance.now();
    expect(await unreadable(raw, { ...INBOUND_LIMITS, budgetMs: 50 })).toMatchObject({
      reason: "too_slow",
      detail: "Reading it took longer than 50 ms.",
    });
    expect(performance.now() - started).toBeLessThan(1000);
    await expect(readMail(raw, Date.now())).rejects.toMatchObject({ reason: "too_slow" });
  });

  it("reads a huge automatic reply within the budget: the text kept is its first megabyte, the date found", async () => {
    const raw = await compose({
      subject: "Automatic reply: invoice 1042",
      text: `I am out of the office, back on 7 December.\n${"Lorem ipsum dolor sit amet. ".repeat((8 * MB) / 28)}`,
    });
    const mail = await parseInbound(raw, [], now);
    expect(mail).toMatchObject({ kind: "auto_reply", returnDate: "2026-12-07" });
    expect(mail.text.length).toBeLessThan(1.1 * MB);
    expect(mail.text).toMatch(/\[The rest of this message's text is not shown\.\]$/);
  }, 60_000);

  it("keeps no HTML over 512 KB (the text stands for it) and makes an HTML-only message's text from its start", async () => {
    const raw = await compose({
      subject: "Re: invoice",
      html: `<p>We paid it on Friday.</p>${"<p>history <b>quoted</b></p>".repeat((1 * MB) / 28)}`,
    });
    const mail = await parseInbound(raw, [], now);
    expect(mail.html).toBeNull();
    expect(mail.text.startsWith("We paid it on Friday.")).toBe(true);
    expect(mail.replyText.length).toBeLessThan(20_000);
  }, 30_000);
});
