import { apiPaths } from "@recoup/contracts";
import { describe, expect, it } from "vitest";
import { openInvoices } from "./collections-fixture.ts";
import { communicationsWorld } from "./communications-fixture.ts";

const { world, get, post, takeInvoice, sendReminder, thread, stored, pausesOf, deliver, compose } =
  communicationsWorld();

describe("threads", () => {
  it("threads a reminder and its reply: 'Reply waiting', reminders paused until 'Mark as handled'", async () => {
    const invoice = takeInvoice();
    const subject = `Invoice ${invoice.docNumber} is overdue`;
    const mail = await sendReminder(String(invoice.id), subject);
    expect(mail.headers["reply-to"]).toMatch(/^reply\+[a-z2-7]+\.\d+\.[a-z2-7]+@inbound\.test$/);

    const listed = await get(apiPaths.communications.invoices);
    expect(listed.status).toBe(200);
    expect(listed.json.data.invoices[0]).toMatchObject({
      invoiceId: String(invoice.id),
      messageCount: 1,
      state: "sent",
      lastMessage: { direction: "outbound", kind: "manual", status: "sent", subject },
    });

    const answered = await world().t.mail.reply(mail.id, {
      text: "We paid on Friday, the remittance is attached.",
    });
    expect(answered.status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages.map((m: { kind: string }) => m.kind)).toEqual(["manual", "reply"]);
    const reply = t.messages[1];
    expect(reply).toMatchObject({ direction: "inbound", status: "received", subject: `Re: ${subject}` });
    expect(reply.inReplyTo).toBe(mail.headers["message-id"]);
    expect(reply.replyText).toBe("We paid on Friday, the remittance is attached.");
    expect(reply.text).toContain("wrote:");
    expect(t.state).toBe("reply_waiting");
    expect(t.replyWaitingSince).not.toBeNull();
    expect(await pausesOf(String(invoice.id))).toMatchObject([
      { scope: "invoice", reason: "reply", until: null },
    ]);
    const waiting = await get(apiPaths.communications.invoices, { state: "reply_waiting" });
    expect(waiting.json.data.invoices.map((i: { invoiceId: string }) => i.invoiceId)).toEqual([
      String(invoice.id),
    ]);

    const handled = await post(apiPaths.communications.markHandled, { invoiceId: String(invoice.id) });
    expect(handled.json.data.handled).toBe(true);
    expect((await thread(String(invoice.id), String(invoice.customerId))).state).toBe("handled");
    expect(await pausesOf(String(invoice.id))).toEqual([]);
  });

  it("an out-of-office reply naming a date pauses the customer until the day after; without one nothing changes", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Reminder for invoice ${invoice.docNumber}`);
    const ooo = await world().t.mail.outOfOffice(mail.id, { returnDate: "2026-03-30", language: "de" });
    expect(ooo.status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages[1]).toMatchObject({ kind: "auto_reply", returnDate: "2026-03-30" });
    expect(t).toMatchObject({ state: "away", awayUntil: "2026-03-30", replyWaitingSince: null });
    expect(await pausesOf(String(invoice.customerId))).toMatchObject([
      { scope: "customer", reason: "away", until: "2026-03-31", detail: "2026-03-30" },
    ]);

    const other = takeInvoice();
    const second = await sendReminder(String(other.id), `Reminder for invoice ${other.docNumber}`);
    expect((await world().t.mail.outOfOffice(second.id, { language: "fr" })).status).toBe(204);
    const t2 = await thread(String(other.id), String(other.customerId));
    expect(t2.messages[1]).toMatchObject({ kind: "auto_reply", returnDate: null });
    expect(t2.state).toBe("sent");
    expect(await pausesOf(String(other.customerId))).toEqual([]);
    expect(await pausesOf(String(other.id))).toEqual([]);
  });

  it("a bounce marks the address as bouncing and stops the customer's reminders", async () => {
    const invoice = takeInvoice();
    const address = world().store().customers.get(invoice.customerId)!.email!;
    const mail = await sendReminder(String(invoice.id), `Payment due: invoice ${invoice.docNumber}`);
    expect((await world().t.mail.bounce(mail.id)).status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages.map((m: { kind: string; status: string }) => [m.kind, m.status])).toEqual([
      ["manual", "bounced"],
      ["bounce", "received"],
    ]);
    expect(t.state).toBe("bouncing");
    expect(t.bouncing.address).toBe(address.toLowerCase());
    expect(await pausesOf(String(invoice.customerId))).toMatchObject([
      { scope: "customer", reason: "bounce", until: null, detail: address.toLowerCase() },
    ]);
    // The planner honours the pause: the invoice is not in the upcoming reminders.
    const upcoming = await get(apiPaths.reminders.upcoming, { days: "14", limit: "500" });
    expect(upcoming.status).toBe(200);
    expect(JSON.stringify(upcoming.json.data)).not.toContain(`"invoiceId":"${invoice.id}"`);
  });

  it("threads by the reply address alone, and by the invoice number in the subject", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `About invoice ${invoice.docNumber}`);
    const replyTo = mail.headers["reply-to"]!;
    // An Exchange out-of-office keeps no In-Reply-To: the address alone threads it.
    const raw = await compose({
      from: mail.to[0]!,
      to: replyTo,
      subject: "Question",
      text: "Can you send me a copy of the invoice?",
    });
    expect((await deliver(raw)).status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages.at(-1)).toMatchObject({ kind: "reply", subject: "Question" });

    // A reply to a test email (no invoice) names the invoice in its subject.
    const test = await post(apiPaths.templates.sendTest, { type: "after_due_date" });
    expect(test.status).toBe(200);
    const target = takeInvoice();
    const bySubject = await compose({
      from: "someone@example.com",
      to: "accounts@example.com",
      subject: `Re: invoice #${target.docNumber}`,
      inReplyTo: test.json.data.messageId,
      references: [test.json.data.messageId],
      text: "Which invoice is this about?",
    });
    expect((await deliver(bySubject)).status).toBe(204);
    const t2 = await thread(String(target.id), String(target.customerId));
    expect(t2.messages.map((m: { subject: string }) => m.subject)).toEqual([
      `Re: invoice #${target.docNumber}`,
    ]);
  });

  it("a relay's retry of the same message is stored once", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber}: second notice`);
    const raw = await compose({
      from: mail.to[0]!,
      to: mail.headers["reply-to"]!,
      subject: "Re: second notice",
      messageId: "<retry-1@customer.example>",
      inReplyTo: mail.headers["message-id"],
      text: "Paying today.",
    });
    const before = await stored();
    expect((await deliver(raw)).status).toBe(204);
    expect((await deliver(raw)).status).toBe(204);
    expect(await stored()).toBe(before + 1);
  });
});

describe("refused", () => {
  it("a forged reply address, or one naming another company than the message it answers, writes nothing", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} reminder`);
    const replyTo = mail.headers["reply-to"]!;
    const forged = replyTo.replace(
      /\.([a-z2-7])([a-z2-7]+)@/,
      (_m, c: string, rest: string) => `.${c === "a" ? "b" : "a"}${rest}@`,
    );
    const before = await stored();
    const forgedRaw = await compose({ from: "x@example.com", to: forged, subject: "hi", text: "hi" });
    expect((await deliver(forgedRaw)).status).toBe(403);

    const theirs = openInvoices(world().qb.control.sandbox.realms.get("9341452000000002")!.store)[0]!;
    const foreign = world().t.ctx.replyTokens!.address(world().other.companyId, String(theirs.id))!;
    const foreignRaw = await compose({
      from: "x@example.com",
      to: foreign,
      subject: "Re: reminder",
      inReplyTo: mail.headers["message-id"],
      text: "hi",
    });
    expect((await deliver(foreignRaw)).status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it("without the inbound secret's signature, or stale, or not message/rfc822: 401 and 415", async () => {
    const raw = await compose({
      from: "x@example.com",
      to: "reply+x@inbound.test",
      subject: "hi",
      text: "hi",
    });
    expect((await deliver(raw, { signature: null })).status).toBe(401);
    expect((await deliver(raw, { secret: "another-secret-0123456789" })).status).toBe(401);
    expect((await deliver(raw, { at: new Date(Date.now() - 400_000) })).status).toBe(401);
    expect((await deliver(raw, { signature: `t=${Math.floor(Date.now() / 1000)},v1=00` })).status).toBe(401);
    expect((await deliver(raw, { type: "text/plain" })).status).toBe(415);
  });

  it("another company's threads are refused and leak nothing", async () => {
    const listed = await get(apiPaths.communications.invoices);
    const some = listed.json.data.invoices[0];
    expect(some).toBeDefined();
    const theirs = await get(
      apiPaths.communications.thread,
      { invoiceId: some.invoiceId, customerRef: some.customerRef },
      world().other.token,
    );
    expect(theirs.status).toBe(403);
    const otherList = await world().call(
      "GET",
      `${apiPaths.communications.invoices}?companyId=${world().other.companyId}`,
      { token: world().other.token },
    );
    expect(otherList.json.data.invoices).toEqual([]);
    const wrongCustomer = await get(apiPaths.communications.thread, {
      invoiceId: some.invoiceId,
      customerRef: "999999",
    });
    expect(wrongCustomer.status).toBe(404);
    const handled = await post(
      apiPaths.communications.markHandled,
      { invoiceId: some.invoiceId },
      world().other.token,
    );
    expect(handled.status).toBe(403);
  });
});
