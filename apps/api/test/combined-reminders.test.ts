/**
 * One reminder per customer a day (decision 0021): a customer's invoices due a reminder in the same
 * run go as one email listing them all with totals per currency, recorded in every invoice's
 * thread and outbox row, each invoice's follow-ups kept; a paid one dropped; a crash between SMTP
 * and the record resends the same email under the same Message-ID; off: one email per invoice.
 * The invoices are the sandbox's, moved in the database to customers of the test's own.
 */
import { apiPaths } from "@recoup/contracts";
import { and, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailMessages, invoices, reminders } from "../src/db/schema/index.ts";
import { deliverBatch, planCompany } from "../src/modules/reminders/index.ts";
import { dayText, type InvoiceRecord, openInvoices, todayDay } from "./collections-fixture.ts";
import { SEND_REMINDER } from "./internals.ts";
import { type MailMessage, OTHER_REALM, until } from "./kit/index.ts";
import { localTime, remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, get, turnOn, q } = remindersWorldForFile();

/** A customer of the test's: its id, its one address, and its invoices' lateness (days) and currency. */
const customers = {
  six: { late: [3, 5, 9, 12, 20, 30], currency: ["USD", "USD", "USD", "USD", "USD", "USD"] },
  paid: { late: [4, 6, 10], currency: ["USD", "USD", "USD"] },
  fx: { late: [2, 8, 15, 11], currency: ["USD", "EUR", "EUR", "USD"] },
  crash: { late: [6, 13], currency: ["USD", "USD"] },
  solo: { late: [20], currency: ["USD"] },
} as const;
type Name = keyof typeof customers;
const moved = new Map<Name, InvoiceRecord[]>();
const addressOf = (name: Name) => `combined-${name}@example.com`;

async function moveInvoices(
  company: typeof w.user,
  pool: InvoiceRecord[],
  name: string,
  late: readonly number[],
  currency: readonly string[],
) {
  const taken = pool.splice(0, late.length);
  for (const [i, inv] of taken.entries())
    await w.t.ctx.db
      .update(invoices)
      .set({
        customerQbId: `combined-${name}`,
        customerName: `Customer ${name}`,
        email: `combined-${name}@example.com`,
        billEmailCc: null,
        billEmailBcc: null,
        currency: currency[i]!,
        dueDate: dayText(todayDay - late[i]!),
        balanceCents: 10_000 * (i + 1),
        totalCents: 20_000 * (i + 1),
      })
      .where(and(eq(invoices.companyId, company.companyId), eq(invoices.qbId, String(inv.id))));
  return taken;
}

const rowsOf = (invs: InvoiceRecord[]) =>
  w.t.ctx.db
    .select()
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, w.user.companyId),
        inArray(
          reminders.invoiceQbId,
          invs.map((i) => String(i.id)),
        ),
      ),
    );
const mailsTo = (address: string) => w.t.mailbox.to(address);
const waitMails = (address: string, count: number) =>
  until(
    async () => {
      const mails = await mailsTo(address);
      return mails.length >= count && mails;
    },
    20_000,
    { what: `${count} emails to ${address}` },
  );

let realMailer: NonNullable<typeof w.t.ctx.mailer>;
beforeAll(async () => {
  realMailer = w.t.ctx.mailer!;
  const pool = openInvoices(w.store()).filter((i) => i.email);
  for (const [name, c] of Object.entries(customers) as [Name, (typeof customers)[Name]][])
    moved.set(name, await moveInvoices(w.user, pool, name, c.late, c.currency));
  // The sends wait: the test pays an invoice between the decision and the send, and crashes one.
  await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
  setClock(localTime("08:00"));
  const res = await get(`${apiPaths.reminders.enablePreview}?companyId=${w.user.companyId}`);
  expect(res.status).toBe(200);
  preview = res.json.data;
  expect((await turnOn(w.user, true)).status).toBe(200);
  setClock(localTime("09:01"));
  expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ outcome: "planned" });
});
let preview: { count: number; emails: number };
afterAll(async () => {
  w.t.ctx.mailer = realMailer;
});

describe("a customer's reminders of one run", () => {
  it("are grouped when decided: one group and one Message-ID per customer, each invoice its own row", async () => {
    for (const name of ["six", "paid", "fx", "crash"] as const) {
      const rows = await rowsOf(moved.get(name)!);
      expect(rows).toHaveLength(customers[name].late.length);
      expect(new Set(rows.map((r) => r.groupId)).size).toBe(1);
      expect(rows[0]!.groupId).toBe(rows.map((r) => r.id).sort()[0]);
      expect(new Set(rows.map((r) => r.messageId))).toEqual(
        new Set([`<reminder.${rows[0]!.groupId}@${rows[0]!.messageId.split("@")[1]}`]),
      );
      expect(new Set(rows.map((r) => `${r.invoiceQbId}|${r.stage}|${r.cycle}`)).size).toBe(rows.length);
    }
    const [solo] = await rowsOf(moved.get("solo")!);
    expect(solo!.groupId).toBeNull();
    // The enable preview said as many reminders and emails as were decided.
    const all = await w.t.ctx.db.select().from(reminders).where(eq(reminders.companyId, w.user.companyId));
    expect(preview.count).toBe(all.length);
    expect(preview.emails).toBe(new Set(all.map((r) => r.groupId ?? r.id)).size);
    expect(preview.emails).toBeLessThanOrEqual(preview.count - 5 - 2 - 3 - 1);
    // Planning again decides nothing more.
    setClock(localTime("11:00"));
    expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ decided: 0 });
  });

  it("go out as one email listing them all, recorded in every invoice's thread and row", async () => {
    // A paid invoice is left out (and its row cancelled), the crash group is sent later.
    const paid = moved.get("paid")![1]!;
    await w.t.ctx.db
      .update(invoices)
      .set({ balanceCents: 0 })
      .where(and(eq(invoices.companyId, w.user.companyId), eq(invoices.qbId, String(paid.id))));
    const crashIds = new Set((await rowsOf(moved.get("crash")!)).map((r) => r.id));
    const queued = (
      await w.t.ctx.db.select().from(reminders).where(eq(reminders.companyId, w.user.companyId))
    ).filter((r) => r.status === "queued" && !crashIds.has(r.id));
    // Sent as the planner's jobs would: each group whole.
    const groups = new Map<string, string[]>();
    for (const r of queued) groups.set(r.groupId ?? r.id, [...(groups.get(r.groupId ?? r.id) ?? []), r.id]);
    for (const ids of groups.values()) await deliverBatch(w.t.ctx, ids);

    const [mail, ...more] = await waitMails(addressOf("six"), 1);
    expect(more).toEqual([]);
    const six = moved.get("six")!;
    const rows = await rowsOf(six);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(mail!.headers["message-id"]).toBe(rows[0]!.messageId);
    // Written from the most overdue invoice's stage: 30 days overdue.
    expect(mail!.subject).toMatch(/is 30 days overdue$/);
    for (const inv of six) {
      expect(mail!.subject).toContain(inv.docNumber!);
      expect(mail!.html).toContain(
        `<td style="padding:4px 10px;border-bottom:1px solid #e5e7eb;text-align:left">${inv.docNumber}</td>`,
      );
    }
    // The table's total: 100 + 200 + ... + 600 dollars open.
    expect(mail!.html).toContain("Total USD");
    expect(mail!.html).toContain("$2,100.00");
    const thread = await w.t.ctx.db
      .select()
      .from(emailMessages)
      .where(
        and(eq(emailMessages.companyId, w.user.companyId), eq(emailMessages.messageId, rows[0]!.messageId)),
      );
    expect(thread.map((m) => m.invoiceQbId).sort()).toEqual(six.map((i) => String(i.id)).sort());
    expect(new Set(thread.map((m) => m.subject))).toEqual(new Set([mail!.subject]));
    // Each thread copy is the email's body, sanitised: the table kept, the document's <title> (the
    // subject) not shown as loose text above it.
    for (const m of thread) {
      expect(m.html).toContain("Total USD");
      expect(m.html!.startsWith("<")).toBe(true);
      expect(m.html).not.toContain("<title");
    }
  });

  it("keeps each invoice's follow-ups as if it had been sent alone", async () => {
    const list: { id: string; nextReminder: { stage: string; date: string } | null }[] = [];
    for (let page = 1; ; page++) {
      const res = await get(`${apiPaths.invoices.list}${q()}&limit=100&status=unpaid&page=${page}`);
      expect(res.status).toBe(200);
      list.push(...res.json.data.invoices);
      if (list.length >= res.json.data.total) break;
    }
    const six = moved.get("six")!;
    const solo = moved.get("solo")![0]!;
    const next = (inv: InvoiceRecord) => list.find((r) => r.id === String(inv.id))?.nextReminder;
    // The 20-day-late one's next notice is the lone 20-day-late invoice's.
    expect(next(six[4]!)).toEqual(next(solo));
    for (const [i, inv] of six.entries()) {
      const late = customers.six.late[i]!;
      const due = todayDay - late;
      let day = due + 1 + (Math.floor((late - 1) / 7) + 1) * 7;
      const weekday = DateTime.fromISO(dayText(day), { zone: "UTC" }).weekday;
      if (weekday > 5) day += 8 - weekday;
      expect(next(inv)).toMatchObject({ stage: "after_due_date", date: dayText(day) });
    }
  });

  it("drops an invoice paid before the send, and cancels its row", async () => {
    const [mail, ...more] = await waitMails(addressOf("paid"), 1);
    expect(more).toEqual([]);
    const [first, paid, third] = moved.get("paid")!;
    expect(mail!.html).toContain(first!.docNumber!);
    expect(mail!.html).toContain(third!.docNumber!);
    expect(mail!.html).not.toContain(`>${paid!.docNumber}<`);
    const rows = await rowsOf(moved.get("paid")!);
    expect(rows.find((r) => r.invoiceQbId === String(paid!.id))).toMatchObject({
      status: "cancelled",
      error: "The invoice was paid.",
    });
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(2);
  });

  it("totals each currency on its own", async () => {
    const [mail] = await waitMails(addressOf("fx"), 1);
    // USD: invoices 1 and 4 (100 + 400 dollars open); EUR: 2 and 3 (200 + 300 euros).
    expect(mail!.html).toContain("Total USD");
    expect(mail!.html).toContain("$500.00");
    expect(mail!.html).toContain("Total EUR");
    expect(mail!.html).toContain("€500.00");
    // The most overdue (15 days) writes it.
    expect(mail!.subject).toMatch(/is 15 days overdue$/);
  });

  it("a crash between SMTP and the record resends the same email under the same Message-ID, recorded once", async () => {
    const rows = await rowsOf(moved.get("crash")!);
    let crashes = 0;
    w.t.ctx.mailer = {
      send: async (message) => {
        const sent = await realMailer.send(message);
        if (crashes++ === 0) throw new Error("connection lost after the server accepted it");
        return sent;
      },
      close: () => {},
    };
    const ids = rows.map((r) => r.id);
    await expect(deliverBatch(w.t.ctx, ids)).rejects.toThrow(/connection lost/);
    expect((await rowsOf(moved.get("crash")!)).every((r) => r.status === "queued")).toBe(true);
    await deliverBatch(w.t.ctx, ids);
    w.t.ctx.mailer = realMailer;
    const mails = await waitMails(addressOf("crash"), 2);
    expect(mails.map((m: MailMessage) => m.headers["message-id"])).toEqual([
      rows[0]!.messageId,
      rows[0]!.messageId,
    ]);
    const after = await rowsOf(moved.get("crash")!);
    expect(after.every((r) => r.status === "sent")).toBe(true);
    const thread = await w.t.ctx.db
      .select()
      .from(emailMessages)
      .where(
        and(eq(emailMessages.companyId, w.user.companyId), eq(emailMessages.messageId, rows[0]!.messageId)),
      );
    expect(thread).toHaveLength(2);
  });
});

describe("with the setting off", () => {
  it("each invoice goes in its own email, as before", async () => {
    await w.t.ctx.queue.work([SEND_REMINDER]);
    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const pool = openInvoices(store).filter((i) => i.email);
    const two = await moveInvoices(w.other, pool, "off", [5, 9], ["USD", "USD"]);
    setClock(localTime("08:00"));
    expect((await turnOn(w.other)).status).toBe(200);
    setClock(localTime("09:01"));
    expect(await planCompany(w.t.ctx, w.other.companyId)).toMatchObject({ outcome: "planned" });
    const mails = await waitMails("combined-off@example.com", 2);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => m.headers["message-id"])).size).toBe(2);
    for (const inv of two) expect(mails.filter((m) => m.subject.includes(inv.docNumber!))).toHaveLength(1);
  });
});
