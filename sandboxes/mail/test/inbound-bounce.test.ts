/** A bounce (delivery status notification) to the envelope sender. */
import nodemailer from "nodemailer";
import { describe, expect, it } from "vitest";
import { addresses, delivered, env, post, sendReminder, useInboundSandboxes } from "./inbound-helpers.ts";

useInboundSandboxes();

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

    expect(env.sandbox.messages()[0]).toMatchObject({
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

    env.received = [];
    await post(`/api/messages/${original.id}/bounce`, { status: "4.2.2" });
    ({ mail } = await delivered());
    expect(mail.subject).toBe("Delayed Mail (still being retried)");
    expect(mail.text).toContain("Action: delayed\nStatus: 4.2.2\n");
    expect(mail.text).toMatch(/Will-Retry-Until: /);
  });

  it("goes to From when the message had no envelope sender", async () => {
    const mailer = nodemailer.createTransport(env.sandbox.smtpUrl);
    await mailer.sendMail({
      from: "billing@acme.test",
      to: "ada@example.com",
      subject: "x",
      text: "x",
      envelope: { from: "", to: ["ada@example.com"] },
    });
    mailer.close();
    const [original] = env.sandbox.messages();
    expect(original!.envelope.from).toBe("");
    await post(`/api/messages/${original!.id}/bounce`);
    const { request } = await delivered();
    expect(request.headers["x-original-to"]).toBe("billing@acme.test");
  });
});
