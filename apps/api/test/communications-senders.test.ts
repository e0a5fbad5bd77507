import { apiPaths } from "@recoup/contracts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailMessages } from "../src/db/schema/index.ts";
import { communicationsWorld } from "./communications-fixture.ts";

/**
 * Issue 16 item 5: only the customer (its addresses, the contacts Recoup wrote to, colleagues at
 * its domain) moves the chase by email. Anyone else's message is kept, marked, and changes
 * nothing until a user confirms its sender; a bounce counts only for an address Recoup wrote to.
 */
const { world, get, post, takeInvoice, sendReminder, thread, pausesOf, deliver, compose } =
  communicationsWorld();
const customerAddress = (invoice: { customerId: number }) =>
  world().store().customers.get(invoice.customerId)!.email!.toLowerCase();
const confirm = (emailId: string) => post(apiPaths.communications.confirmSender, { emailId });

/** A reminder for a fresh invoice, and a reply to it from `from` (In-Reply-To and the reply address). */
async function replyFrom(from: (customer: string) => string, extra: { html?: string } = {}) {
  const invoice = takeInvoice();
  const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber}: a reminder`);
  const raw = await compose({
    from: from(customerAddress(invoice)),
    to: mail.headers["reply-to"]!,
    subject: `Re: Invoice ${invoice.docNumber}: a reminder`,
    inReplyTo: mail.headers["message-id"],
    text: "Please stop sending these, the invoice is disputed.",
    ...extra,
  });
  expect((await deliver(raw)).status).toBe(204);
  const t = await thread(String(invoice.id), String(invoice.customerId));
  return { invoice, mail, t, reply: t.messages.at(-1) };
}

describe("senders", () => {
  it("a stranger's reply is stored and marked, pauses nothing, until 'Confirm sender' makes it the customer's", async () => {
    const { invoice, t, reply } = await replyFrom(() => "someone@elsewhere.example");
    expect(reply).toMatchObject({ kind: "reply", sender: "unknown", heldReason: "stranger" });
    expect(reply.replyText).toBe("Please stop sending these, the invoice is disputed.");
    expect(t).toMatchObject({ state: "sent", replyWaitingSince: null });
    expect(await pausesOf(String(invoice.id))).toEqual([]);
    const waiting = await get(apiPaths.communications.invoices, { state: "reply_waiting" });
    expect(JSON.stringify(waiting.json.data.invoices)).not.toContain(`"invoiceId":"${invoice.id}"`);
    const listed = await get(apiPaths.communications.invoices);
    const row = listed.json.data.invoices.find(
      (i: { invoiceId: string }) => i.invoiceId === String(invoice.id),
    );
    expect(row).toMatchObject({ state: "sent", lastMessage: { kind: "reply", sender: "unknown" } });

    const confirmed = await confirm(reply.id);
    expect(confirmed.json).toEqual({ data: { confirmed: true } });
    const after = await thread(String(invoice.id), String(invoice.customerId));
    expect(after.state).toBe("reply_waiting");
    expect(after.messages.at(-1)).toMatchObject({ sender: "confirmed", heldReason: "stranger" });
    expect(await pausesOf(String(invoice.id))).toMatchObject([
      { scope: "invoice", reason: "reply", until: null },
    ]);
    // Once is enough; another company cannot confirm it.
    expect((await confirm(reply.id)).json.data.confirmed).toBe(false);
    const theirs = await world().call("POST", apiPaths.communications.confirmSender, {
      token: world().other.token,
      body: { companyId: world().other.companyId, emailId: reply.id },
    });
    expect(theirs.json.data.confirmed).toBe(false);
  });

  it("the customer's own address and a colleague at its domain count as the customer", async () => {
    const own = await replyFrom((customer) => customer);
    expect(own.reply.sender).toBe("known");
    expect(own.t.state).toBe("reply_waiting");
    const colleague = await replyFrom((customer) => `accounts.payable@${customer.split("@")[1]}`);
    expect(colleague.reply).toMatchObject({ sender: "known", heldReason: null });
    expect(colleague.t.state).toBe("reply_waiting");
    expect(await pausesOf(String(colleague.invoice.id))).toMatchObject([{ reason: "reply" }]);
  });

  it("a bounce naming an address Recoup did not send the thread to is not a bounce: held, nothing paused", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber} is due`);
    const raw = await compose({
      from: "MAILER-DAEMON@mx.elsewhere.example",
      to: mail.from as string,
      subject: "Undelivered Mail Returned to Sender",
      headers: { "X-Failed-Recipients": "someone@elsewhere.example", "Return-Path": "<>" },
      text: [
        "I'm sorry to have to inform you that your message could not be delivered.",
        "",
        "<someone@elsewhere.example>: host mx.elsewhere.example said: 550 5.1.1 User unknown",
        "",
        "------ This is a copy of the message's headers ------",
        `Message-ID: ${mail.headers["message-id"]}`,
      ].join("\n"),
    });
    expect((await deliver(raw)).status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(
      t.messages.map((m: { kind: string; status: string; sender: string }) => [m.kind, m.status, m.sender]),
    ).toEqual([
      ["manual", "sent", "known"],
      ["bounce", "received", "unknown"],
    ]);
    expect(t).toMatchObject({ state: "sent", bouncing: null });
    expect(await pausesOf(String(invoice.customerId))).toEqual([]);
  });

  it("a late reply (the thread quiet for over 90 days) is held until confirmed", async () => {
    const invoice = takeInvoice();
    const mail = await sendReminder(String(invoice.id), `Invoice ${invoice.docNumber}: last notice`);
    await world()
      .t.ctx.db.update(emailMessages)
      .set({ at: new Date(world().t.ctx.now().getTime() - 91 * 86_400_000) })
      .where(
        and(
          eq(emailMessages.companyId, world().user.companyId),
          eq(emailMessages.invoiceQbId, String(invoice.id)),
        ),
      );
    expect((await world().t.mail.reply(mail.id, { text: "Paid yesterday." })).status).toBe(204);
    const t = await thread(String(invoice.id), String(invoice.customerId));
    expect(t.messages.at(-1)).toMatchObject({ kind: "reply", sender: "unknown", heldReason: "late" });
    expect(t.state).toBe("sent");
    expect((await confirm(t.messages.at(-1).id)).json.data.confirmed).toBe(true);
    expect((await thread(String(invoice.id), String(invoice.customerId))).state).toBe("reply_waiting");
  });

  it("a reply keeps its inline pictures and loses remote ones (tracking pixels)", async () => {
    const pixel = "https://tracker.elsewhere.example/open.gif?id=42";
    const inline = "data:image/png;base64,iVBORw0KGgo=";
    const { reply } = await replyFrom((customer) => customer, {
      html: `<p>Paid, see the logo.</p><img src="${pixel}" alt="logo"><img src="${inline}" alt="stamp">`,
    });
    expect(reply.html).toContain("Paid, see the logo.");
    expect(reply.html).toContain(inline);
    expect(reply.html).not.toContain("tracker.elsewhere.example");
  });
});
