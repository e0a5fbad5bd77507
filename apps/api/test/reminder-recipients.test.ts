/**
 * Who gets a reminder (decision 0018), read in the mail sandbox's own copies: To the invoice's
 * BillEmail, else the customer's first usable billing contact; CC the invoice's BillEmailCc, the
 * 'Copy always' contacts and, from the company's chosen overdue reminder, the 'Escalation' ones;
 * BCC the invoice's BillEmailBcc; bad addresses left out with why; the user's To and CC for a send.
 */
import { apiPaths, MAX_COPIED, recipientMessages } from "@recoup/contracts";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema/index.ts";
import { markAddressBounced } from "../src/modules/contacts/index.ts";
import { planCompany } from "../src/modules/reminders/index.ts";
import { type InvoiceRecord, openInvoices, todayDay } from "./collections-fixture.ts";
import { communicationsWorld } from "./communications-fixture.ts";
import { REMINDER_PLANNER } from "./internals.ts";
import { type MailMessage, OTHER_REALM, SAMPLE_REALM, until } from "./kit/index.ts";
import { firstReminder, localTime } from "./reminders-fixture.ts";

const { world, get, post, sendReminder, thread } = communicationsWorld();

beforeAll(async () => {
  // The planner runs when a test says so, at the instant it sets.
  await world().t.ctx.queue.boss.unschedule(REMINDER_PLANNER);
});

type Company = "user" | "other";
const realmOf = (company: Company) => (company === "user" ? SAMPLE_REALM : OTHER_REALM);
const storeOf = (company: Company) => world().qb.control.sandbox.realms.get(realmOf(company))!.store;

/** Adds a contact in Recoup, as Customer Details does. */
async function addContact(customerRef: number, address: string, role: string, company: Company = "user") {
  const res = await world().call("POST", apiPaths.customers.addContact, {
    token: world()[company].token,
    body: { realmId: realmOf(company), customerRef: String(customerRef), address, role },
  });
  expect(res.status).toBe(200);
}

/** An open invoice billed by email, of a customer no other test uses, that `filter` accepts. */
const usedCustomers = { user: new Set<number>(), other: new Set<number>() };
function takeInvoice(filter: (inv: InvoiceRecord) => boolean = () => true, company: Company = "user") {
  const inv = openInvoices(storeOf(company)).find(
    (i) => i.email && !usedCustomers[company].has(i.customerId) && filter(i),
  )!;
  expect(inv).toBeDefined();
  usedCustomers[company].add(inv.customerId);
  return inv;
}
const overdue = (inv: InvoiceRecord) => inv.dueDate < todayDay;
/** The invoice is billed to its customer's one and only address. */
function onlyAddress(inv: InvoiceRecord, company: Company) {
  const c = storeOf(company).customers.get(inv.customerId);
  return Boolean(c?.email && !c.moreEmails?.length && c.email.toLowerCase() === inv.email?.toLowerCase());
}

async function setInvoice(
  inv: InvoiceRecord,
  values: Partial<typeof invoices.$inferInsert>,
  company: Company = "user",
) {
  await world()
    .t.ctx.db.update(invoices)
    .set(values)
    .where(and(eq(invoices.companyId, world()[company].companyId), eq(invoices.qbId, String(inv.id))));
}

const lower = (list: readonly string[]) => list.map((a) => a.toLowerCase());
/** To, CC and the envelope's BCC (recipients in no header) of an email as the sandbox caught it. */
const recipientsOf = (mail: MailMessage) => ({
  to: lower(mail.to),
  cc: lower(mail.cc),
  bcc: lower(mail.envelope.to).filter((a) => !lower([...mail.to, ...mail.cc]).includes(a)),
});

async function draftOf(inv: InvoiceRecord) {
  const res = await get(apiPaths.reminders.draft, { invoiceId: String(inv.id) });
  expect(res.status).toBe(200);
  return res.json.data as { to: string; cc: string[]; notSent: string[] };
}

async function logRow(invoiceId: string, company: Company = "user") {
  const res = await world().call(
    "GET",
    `${apiPaths.reminders.log}?companyId=${world()[company].companyId}&invoiceId=${invoiceId}&limit=100&page=1`,
    { token: world()[company].token },
  );
  return res.json.data.reminders as {
    status: string;
    to: string;
    cc: string;
    bcc: string;
    note: string | null;
    error: string | null;
    stage: string;
  }[];
}

const sendBody = (inv: InvoiceRecord, extra: Record<string, unknown> = {}) => ({
  invoiceId: String(inv.id),
  stage: "after_due_date",
  subject: `Invoice ${inv.docNumber}`,
  html: "<p>Please pay.</p>",
  ...extra,
});

describe("the rules, on a reminder sent by hand", () => {
  it("goes to the invoice's BillEmail, copies its BillEmailCc and blind-copies its BillEmailBcc (in no header)", async () => {
    const inv = takeInvoice((i) => Boolean(i.emailCc && i.emailBcc));
    const draft = await draftOf(inv);
    expect(draft).toMatchObject({
      to: inv.email!.toLowerCase(),
      cc: [inv.emailCc!.toLowerCase()],
      notSent: [],
    });
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`);
    expect(recipientsOf(mail)).toEqual({
      to: [inv.email!.toLowerCase()],
      cc: [inv.emailCc!.toLowerCase()],
      bcc: [inv.emailBcc!.toLowerCase()],
    });
    expect(mail.headers.bcc).toBeUndefined();
    // The thread and the log show whom it really went to, BCC included (the company's eyes only).
    const message = (await thread(String(inv.id), String(inv.customerId))).messages.at(-1);
    expect(message).toMatchObject({
      to: inv.email!.toLowerCase(),
      cc: inv.emailCc!.toLowerCase(),
      bcc: inv.emailBcc!.toLowerCase(),
    });
    expect((await logRow(String(inv.id)))[0]).toMatchObject({
      status: "sent",
      to: inv.email!.toLowerCase(),
      cc: inv.emailCc!.toLowerCase(),
      bcc: inv.emailBcc!.toLowerCase(),
      note: null,
    });
  });

  it("without a BillEmail goes to the customer's first billing contact that has not bounced", async () => {
    const inv = takeInvoice((i) => Boolean(storeOf("user").customers.get(i.customerId)?.moreEmails?.length));
    const customer = storeOf("user").customers.get(inv.customerId)!;
    const [first, second] = [customer.email!, customer.moreEmails![0]!].map((a) => a.toLowerCase());
    await setInvoice(inv, { email: null, billEmailCc: null, billEmailBcc: null });
    await addContact(inv.customerId, "later-billing@example.com", "billing");
    expect((await draftOf(inv)).to).toBe(first);
    await markAddressBounced(
      world().t.ctx.db,
      world().user.companyId,
      first!,
      "550 5.1.1 No such user",
      new Date(),
    );
    expect((await draftOf(inv)).to).toBe(second);
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`);
    expect(recipientsOf(mail)).toEqual({ to: [second], cc: [], bcc: [] });
  });

  it("copies the customer's 'Copy always' contacts, and an address once (To over CC over BCC)", async () => {
    const inv = takeInvoice((i) => Boolean(i.emailCc) && !i.emailBcc);
    const to = inv.email!.toLowerCase();
    await addContact(inv.customerId, "Controller@Example.com", "copy_always");
    // The To address copied and blind-copied, the CC ones blind-copied and a contact too: each goes once.
    await setInvoice(inv, {
      billEmailCc: `${inv.emailCc}, ${inv.email}`,
      billEmailBcc: `${inv.emailCc}, controller@example.com, ${inv.email}`,
    });
    await addContact(inv.customerId, inv.emailCc!, "copy_always");
    await addContact(inv.customerId, "escalate@example.com", "escalation");
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`);
    expect(recipientsOf(mail)).toEqual({
      to: [to],
      cc: [inv.emailCc!.toLowerCase(), "controller@example.com"],
      bcc: [],
    });
  });

  it("copies 'Escalation' contacts from the company's chosen overdue reminder on", async () => {
    const settings = await get(apiPaths.reminders.settings);
    expect(settings.json.data.escalateFrom).toBeNull();
    const saved = await post(apiPaths.reminders.settings, {
      enabled: false,
      sendTime: "09:00",
      weekdaysOnly: true,
      escalateFrom: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.json.data.escalateFrom).toBe(2);
    const inv = takeInvoice((i) => overdue(i) && !i.emailCc && !i.emailBcc);
    await addContact(inv.customerId, "finance-director@example.com", "escalation");
    // The 1st overdue reminder: not yet.
    expect((await draftOf(inv)).cc).toEqual([]);
    const first = await sendReminder(String(inv.id), `First ${inv.docNumber}`);
    expect(recipientsOf(first).cc).toEqual([]);
    // The 2nd: the escalation contact is copied.
    expect((await draftOf(inv)).cc).toEqual(["finance-director@example.com"]);
    const second = await sendReminder(String(inv.id), `Second ${inv.docNumber}`);
    expect(recipientsOf(second)).toEqual({
      to: [inv.email!.toLowerCase()],
      cc: ["finance-director@example.com"],
      bcc: [],
    });
    // Off again: nobody is escalated to.
    await post(apiPaths.reminders.settings, {
      enabled: false,
      sendTime: "09:00",
      weekdaysOnly: true,
      escalateFrom: null,
    });
    expect((await draftOf(inv)).cc).toEqual([]);
  });

  it("never writes to a bounced or invalid address, and says so in the thread and the log", async () => {
    const inv = takeInvoice((i) => !i.emailCc && !i.emailBcc);
    await addContact(inv.customerId, "gone@example.com", "copy_always");
    await addContact(inv.customerId, "kept@example.com", "copy_always");
    await markAddressBounced(
      world().t.ctx.db,
      world().user.companyId,
      "gone@example.com",
      "550 5.1.1 No such user",
      new Date(),
    );
    await setInvoice(inv, { billEmailCc: "not an address" });
    const draft = await draftOf(inv);
    const reasons = [
      "Not sent to not an address: it is not a valid email address.",
      "Not sent to gone@example.com: the address bounced (550 5.1.1 No such user).",
    ];
    expect(draft).toMatchObject({ cc: ["kept@example.com"], notSent: reasons });
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`);
    expect(recipientsOf(mail)).toEqual({ to: [inv.email!.toLowerCase()], cc: ["kept@example.com"], bcc: [] });
    const message = (await thread(String(inv.id), String(inv.customerId))).messages.at(-1);
    expect(message.note).toContain(reasons[1]);
    expect((await logRow(String(inv.id)))[0]!.note).toBe(reasons.join(" "));
  });

  it("refuses a send with no usable address left, saying why", async () => {
    const inv = takeInvoice((i) => onlyAddress(i, "user"));
    const address = inv.email!.toLowerCase();
    await markAddressBounced(
      world().t.ctx.db,
      world().user.companyId,
      address,
      "550 5.1.1 No such user",
      new Date(),
    );
    const draft = await get(apiPaths.reminders.draft, { invoiceId: String(inv.id) });
    expect(draft.status).toBe(409);
    expect(draft.json.error.message).toBe(
      `Not sent: no usable email address for this invoice. Not sent to ${address}: the address bounced (550 5.1.1 No such user).`,
    );
    const sent = await post(apiPaths.reminders.send, sendBody(inv));
    expect(sent.status).toBe(409);
    expect(sent.json.error.message).toBe(draft.json.error.message);
  });
});

describe("To and CC chosen for one send", () => {
  it("sends to the user's To and CC (the invoice's BCC kept), and leaves a bounced one out", async () => {
    const inv = takeInvoice((i) => Boolean(i.emailBcc));
    await addContact(inv.customerId, "always@example.com", "copy_always");
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`, {
      to: ["AP@Example.com"],
      cc: ["boss@example.com", "ap@example.com"],
    });
    expect(recipientsOf(mail)).toEqual({
      to: ["ap@example.com"],
      cc: ["boss@example.com"],
      bcc: [inv.emailBcc!.toLowerCase()],
    });
    await markAddressBounced(world().t.ctx.db, world().user.companyId, "boss@example.com", null, new Date());
    const sent = await post(
      apiPaths.reminders.send,
      sendBody(inv, { cc: ["boss@example.com", "other@example.com"] }),
    );
    expect(sent.status).toBe(200);
    expect(sent.json.data).toMatchObject({
      to: inv.email!.toLowerCase(),
      cc: ["other@example.com"],
      notSent: ["Not sent to boss@example.com: the address bounced."],
    });
  });

  it("remembers an address typed for one send once it bounces, and never copies it again", async () => {
    const inv = takeInvoice((i) => !i.emailCc && !i.emailBcc);
    const typed = "typo.mailbox@example.com";
    const mail = await sendReminder(String(inv.id), `Typed ${inv.docNumber}`, { to: [typed] });
    expect((await world().t.mail.bounce(mail.id)).status).toBe(204);
    await addContact(inv.customerId, typed, "copy_always");
    const draft = await draftOf(inv);
    expect(draft.cc).toEqual([]);
    expect(draft.notSent).toEqual([
      expect.stringMatching(/^Not sent to typo\.mailbox@example\.com: the address bounced \(5\.1\.1 .+\)\.$/),
    ]);
  });

  it("answers 400 naming the field for a bad address or more than 10 in CC", async () => {
    const inv = takeInvoice();
    const tooMany = Array.from({ length: MAX_COPIED + 1 }, (_, i) => `copy${i}@example.com`);
    const capped = await post(apiPaths.reminders.send, sendBody(inv, { cc: tooMany }));
    expect(capped.status).toBe(400);
    expect(capped.json.error.message).toBe(recipientMessages.tooMany("CC"));
    expect(capped.json.error.message).toBe("CC: at most 10 addresses. Remove some to send.");
    const invalid = await post(apiPaths.reminders.send, sendBody(inv, { cc: ["not-an-address"] }));
    expect(invalid.status).toBe(400);
    expect(invalid.json.error.message).toBe("CC: enter email addresses like name@example.com.");
    const noTo = await post(apiPaths.reminders.send, sendBody(inv, { to: [] }));
    expect(noTo.status).toBe(400);
    expect(noTo.json.error.message).toBe(recipientMessages.toRequired);
  });
});

describe("replies from a copied contact", () => {
  it("count as the customer's (not held), and so does a contact's address never written to", async () => {
    const inv = takeInvoice((i) => !i.emailCc && !i.emailBcc);
    await addContact(inv.customerId, "copied@gmail.com", "copy_always");
    await addContact(inv.customerId, "quiet@yahoo.com", "escalation");
    const mail = await sendReminder(String(inv.id), `Invoice ${inv.docNumber}`);
    expect(recipientsOf(mail).cc).toEqual(["copied@gmail.com"]);
    expect(
      (await world().t.mail.reply(mail.id, { from: "copied@gmail.com", text: "Paying Friday." })).status,
    ).toBe(204);
    expect(
      (await world().t.mail.reply(mail.id, { from: "quiet@yahoo.com", text: "I'll see to it." })).status,
    ).toBe(204);
    const messages = (await thread(String(inv.id), String(inv.customerId))).messages as {
      from: string;
      sender: string;
    }[];
    const replies = messages.filter((m) => m.from === "copied@gmail.com" || m.from === "quiet@yahoo.com");
    expect(replies.map((m) => m.sender)).toEqual(["known", "known"]);
  });
});

describe("automatic reminders", () => {
  it("follow the same rules when sent: copies, escalation from the 1st overdue one, fallback, and skipped with the reason", async () => {
    const company = "other" as const;
    const { companyId, token } = world().other;
    const due = (stage: string) => (i: InvoiceRecord) =>
      firstReminder(i)?.stage === stage && !i.emailCc && !i.emailBcc;
    const late = takeInvoice(due("after_due_date"), company);
    const early = takeInvoice(due("before_due_date"), company);
    const fallback = takeInvoice(
      (i) => due("after_due_date")(i) && Boolean(storeOf(company).customers.get(i.customerId)?.email),
      company,
    );
    const nobody = takeInvoice((i) => due("after_due_date")(i) && onlyAddress(i, company), company);
    for (const inv of [late, early]) {
      await addContact(inv.customerId, `always-${inv.id}@example.com`, "copy_always", company);
      await addContact(inv.customerId, `escalate-${inv.id}@example.com`, "escalation", company);
    }
    await setInvoice(fallback, { email: null }, company);
    const gone = nobody.email!.toLowerCase();
    await markAddressBounced(world().t.ctx.db, companyId, gone, "550 5.1.1 No such user", new Date());

    world().t.ctx.now = () => localTime("08:00");
    const on = await world().call("POST", apiPaths.reminders.settings, {
      token,
      body: {
        companyId,
        enabled: true,
        sendTime: "09:00",
        weekdaysOnly: true,
        confirm: true,
        escalateFrom: 1,
        combineReminders: false,
      },
    });
    expect(on.status).toBe(200);
    world().t.ctx.now = () => localTime("09:01");
    expect(await planCompany(world().t.ctx, companyId)).toMatchObject({ outcome: "planned" });

    const mailOf = (inv: InvoiceRecord, to: string) =>
      until(
        async () => (await world().t.mailbox.to(to)).find((m) => m.subject.includes(inv.docNumber!)),
        20_000,
        { what: `the reminder of ${inv.docNumber} to ${to}` },
      );
    expect(recipientsOf(await mailOf(late, late.email!))).toEqual({
      to: [late.email!.toLowerCase()],
      cc: [`always-${late.id}@example.com`, `escalate-${late.id}@example.com`],
      bcc: [],
    });
    // Not overdue yet: no escalation.
    expect(recipientsOf(await mailOf(early, early.email!)).cc).toEqual([`always-${early.id}@example.com`]);
    const first = storeOf(company).customers.get(fallback.customerId)!.email!.toLowerCase();
    expect(recipientsOf(await mailOf(fallback, first)).to).toEqual([first]);
    // The thread of the automatic one shows its real copies.
    const lateThread = await world().call(
      "GET",
      `${apiPaths.communications.thread}?${new URLSearchParams({ companyId, invoiceId: String(late.id), customerRef: String(late.customerId) })}`,
      { token },
    );
    expect(lateThread.json.data.messages.at(-1)).toMatchObject({
      kind: "automatic",
      cc: `always-${late.id}@example.com, escalate-${late.id}@example.com`,
    });
    // Nothing usable: skipped, with the reason on the reminder.
    const skipped = await until(
      async () => {
        const [row] = await logRow(String(nobody.id), company);
        return row?.status === "cancelled" && row;
      },
      20_000,
      { what: "the reminder with no usable address skipped" },
    );
    expect(skipped.error).toBe(
      `Not sent: no usable email address for this invoice. Not sent to ${gone}: the address bounced (550 5.1.1 No such user).`,
    );
    expect((await world().t.mailbox.to(gone)).filter((m) => m.subject.includes(nobody.docNumber!))).toEqual(
      [],
    );
  });
});
