/**
 * The reminder engine end to end against the QuickBooks sandbox's sample company, with the API's
 * clock under the test's control. What should go out is worked out here from the sandbox's own
 * records (its store and control API), never through the code under test.
 */
import { apiPaths } from "@recoup/contracts";
import { eq, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, qboConnections } from "../src/db/schema/index.ts";
import { deliverBatch, planAll, planCompany } from "../src/modules/reminders/index.ts";
import {
  dayText,
  type InvoiceRecord,
  OTHER_REALM,
  startWorld,
  syncChanges,
  TIMEZONE,
  TODAY,
  todayDay,
  type World,
} from "./collections-fixture.ts";
import {
  DB_MAINTENANCE,
  REMINDER_PLAN,
  REMINDER_PLANNER,
  SEND_ATTEMPTS,
  SEND_REMINDER,
} from "./internals.ts";
import type { MailMessage } from "./kit.ts";

let w: World;
const SIGNATURE = "<p>Warm regards,<br><b>Ada at Sample Co</b></p>";

/** An instant on the sandbox's "today" (Monday 16 March 2026) in the company's zone. */
const localTime = (hhmm: string, date = TODAY) =>
  DateTime.fromISO(`${date}T${hhmm}`, { zone: TIMEZONE }).toJSDate();
const setClock = (instant: Date) => {
  w.t.ctx.now = () => instant;
};

beforeAll(async () => {
  w = await startWorld();
  // The test runs the planner itself, at the instants it chooses.
  await w.t.ctx.queue.boss.unschedule(REMINDER_PLANNER);
  for (const u of [w.user, w.other]) {
    await w.t.ctx.db.update(companies).set({ signature: SIGNATURE }).where(eq(companies.id, u.companyId));
  }
});
afterAll(() => w?.close());

const get = (path: string, token = w.user.token) => w.call("GET", path, { token });
const post = (path: string, body: Record<string, unknown>, token = w.user.token) =>
  w.call("POST", path, { token, body });
const q = (companyId = w.user.companyId) => `?companyId=${companyId}`;

// The schedule, worked out from the sandbox's records for a Monday with no reminder sent yet:
// 'Before Due Date' for invoices due within 3 days (a Saturday or Sunday date moves to the
// Monday), 'On Due Date' on it, and after it the latest 'Overdue Payment Notice' cycle.
function firstReminder(inv: InvoiceRecord) {
  if (inv.voided || inv.balance <= 0 || !inv.email) return null;
  const late = todayDay - inv.dueDate;
  if (late < -3) return null;
  if (late < 0) return { stage: "before_due_date", cycle: 0 } as const;
  if (late === 0) return { stage: "on_due_date", cycle: 0 } as const;
  return { stage: "after_due_date", cycle: Math.floor((late - 1) / 7) } as const;
}

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
const longDate = (day: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(day * 86_400_000));

function expectedSubject(inv: InvoiceRecord, stage: string) {
  const late = todayDay - inv.dueDate;
  if (stage === "before_due_date")
    return `Friendly reminder: invoice ${inv.docNumber} is due on ${longDate(inv.dueDate)}`;
  if (stage === "on_due_date") return `Invoice ${inv.docNumber} is due today`;
  return `Invoice ${inv.docNumber} is ${late} ${late === 1 ? "day" : "days"} overdue`;
}

async function reminderMails(): Promise<MailMessage[]> {
  const res = await fetch(`${w.t.mailbox.inboxUrl}/api/messages`);
  const all = (await res.json()) as (MailMessage & { messageId: string | null })[];
  return all.filter((m) => (m.headers["message-id"] ?? m.messageId ?? "").startsWith("<reminder."));
}

async function waitForReminderMails(count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await reminderMails();
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} reminder emails, expected ${count}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const sampleInvoices = () => [...w.store().invoices.values()];
const customerName = (inv: InvoiceRecord) => w.store().customers.get(inv.customerId)!.displayName;
interface LogRow {
  id: string;
  invoiceId: string;
  stage: string;
  cycle: number;
  status: string;
  decidedAt: string;
  messageId: string;
  error: string | null;
  attempts: number;
}
/** The whole reminder log, page by page. */
async function log(companyId = w.user.companyId, token = w.user.token) {
  const rows: LogRow[] = [];
  for (let page = 1; ; page++) {
    const res = await get(`${apiPaths.reminders.log}${q(companyId)}&limit=100&page=${page}`, token);
    rows.push(...res.json.data.reminders);
    if (rows.length >= res.json.data.total) return rows;
  }
}

async function pay(realmId: string, invoiceId: number) {
  const res = await fetch(`${w.qb.baseUrl}/_control/realms/${realmId}/invoices/${invoiceId}/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(201);
}

describe("automatic reminders against the sample company", () => {
  // Chosen before anything is sent: an overdue invoice paid before the send time, a customer and
  // an invoice paused, an invoice paused until tomorrow, and one reminded by hand first.
  let paid: InvoiceRecord;
  let pausedCustomer: number;
  let pausedInvoice: InvoiceRecord;
  let untilTomorrow: InvoiceRecord;
  let manual: InvoiceRecord;

  it("has a sandbox 'today' on a Monday, and remindable invoices of every stage", () => {
    expect(DateTime.fromISO(TODAY, { zone: TIMEZONE }).weekday).toBe(1);
    const stages = new Set(sampleInvoices().map((inv) => firstReminder(inv)?.stage));
    expect(stages).toEqual(new Set([undefined, "before_due_date", "on_due_date", "after_due_date"]));
  });

  it("previews each template with an invoice its stage fits: the next one due, or the most overdue", async () => {
    setClock(localTime("08:00"));
    const open = sampleInvoices()
      .filter((inv) => !inv.voided && inv.balance > 0 && inv.email)
      .sort((a, b) => a.dueDate - b.dueDate || (String(a.id) < String(b.id) ? -1 : 1));
    const nextDue = open.find((inv) => inv.dueDate >= todayDay);
    if (!nextDue) throw new Error("the sample company has no open invoice due today or later");
    // The two choices differ, or the test could not tell them apart.
    expect(nextDue).not.toBe(open[0]);
    const shownWith = async (type: string) =>
      (await post(apiPaths.templates.preview, { companyId: w.user.companyId, type })).json.data.invoice;
    expect(await shownWith("before_due_date")).toMatchObject({
      id: String(nextDue.id),
      dueDate: dayText(nextDue.dueDate),
    });
    expect(await shownWith("on_due_date")).toMatchObject({ id: String(nextDue.id) });
    expect(await shownWith("after_due_date")).toMatchObject({
      id: String(open[0]!.id),
      dueDate: dayText(open[0]!.dueDate),
    });
  });

  it("turns on at 08:00 after a preview of what goes out when the window opens at 09:00", async () => {
    setClock(localTime("08:00"));
    const preview = await get(`${apiPaths.reminders.enablePreview}${q()}`);
    expect(preview.status).toBe(200);
    const expected = sampleInvoices().filter(firstReminder);
    expect(preview.json.data).toMatchObject({
      now: false,
      at: localTime("09:00").toISOString(),
      date: TODAY,
    });
    expect(preview.json.data.count).toBe(expected.length);
    expect(preview.json.data.recipients).toBe(new Set(expected.map((inv) => inv.email)).size);
    expect(preview.json.data.byStage.after_due_date).toBe(
      expected.filter((inv) => firstReminder(inv)!.stage === "after_due_date").length,
    );

    const on = await post(apiPaths.reminders.settings, {
      companyId: w.user.companyId,
      enabled: true,
      sendTime: "09:00",
      weekdaysOnly: true,
      confirm: true,
    });
    expect(on.status).toBe(200);
    expect(on.json.data.window).toMatchObject({ open: false, nextOpensAt: localTime("09:00").toISOString() });
    expect(await planCompany(w.t.ctx, w.user.companyId)).toEqual({
      outcome: "skipped",
      reason: "window closed",
    });
  });

  it("says 'now' when turned on inside the window", async () => {
    setClock(localTime("14:00"));
    const preview = await get(`${apiPaths.reminders.enablePreview}${q(w.other.companyId)}`, w.other.token);
    expect(preview.json.data).toMatchObject({ now: true, at: localTime("14:00").toISOString() });
    setClock(localTime("08:00"));
  });

  it("pauses, a manual send and a payment synced before the send time, all at 08:00", async () => {
    const overdue = sampleInvoices().filter((inv) => firstReminder(inv)?.stage === "after_due_date");
    const byCustomer = new Map<number, InvoiceRecord[]>();
    for (const inv of overdue)
      byCustomer.set(inv.customerId, [...(byCustomer.get(inv.customerId) ?? []), inv]);
    pausedCustomer = [...byCustomer.keys()][0]!;
    const others = overdue.filter((inv) => inv.customerId !== pausedCustomer);
    [paid, pausedInvoice, untilTomorrow, manual] = others as [
      InvoiceRecord,
      InvoiceRecord,
      InvoiceRecord,
      InvoiceRecord,
    ];
    expect(manual).toBeDefined();

    await pay(w.user.realmId, paid.id);
    expect(w.store().invoices.get(paid.id)!.balance).toBe(0);
    await syncChanges(w);

    const pause = (body: Record<string, unknown>) =>
      post(apiPaths.reminders.pause, { companyId: w.user.companyId, ...body });
    expect((await pause({ customerRef: String(pausedCustomer) })).json.data).toMatchObject({
      scope: "customer",
      customerRef: String(pausedCustomer),
      until: null,
    });
    expect((await pause({ invoiceId: String(pausedInvoice.id) })).status).toBe(200);
    expect((await pause({ invoiceId: String(untilTomorrow.id), until: "2026-03-17" })).json.data.until).toBe(
      "2026-03-17",
    );
    expect((await pause({ invoiceId: "999999" })).status).toBe(404);
    expect((await pause({ invoiceId: String(paid.id), customerRef: "1" })).status).toBe(400);
    const pauses = await get(`${apiPaths.reminders.pauses}${q()}`);
    expect(pauses.json.data.pauses).toHaveLength(3);

    const draft = await get(`${apiPaths.reminders.draft}${q()}&invoiceId=${manual.id}`);
    expect(draft.status).toBe(200);
    expect(draft.json.data).toMatchObject({
      to: manual.email,
      stage: "after_due_date",
      subject: expectedSubject(manual, "after_due_date"),
    });
    expect(draft.json.data.html).toContain(money(manual.balance, manual.currency));
    // Only the template's body, to edit: no document around it, no logo, no signature.
    expect(draft.json.data.html).toMatch(/^<p>Hi /);
    expect(draft.json.data.html).not.toMatch(/<(html|head|title|body|img)\b|Ada at Sample Co/);
    expect(draft.json.data.email.html).toContain("Ada at Sample Co");
    const sent = await post(apiPaths.reminders.send, {
      companyId: w.user.companyId,
      invoiceId: String(manual.id),
      stage: "after_due_date",
      subject: `Personal note about invoice ${manual.docNumber}`,
      html: `${draft.json.data.html}<p>I called you on Friday.</p><script>alert(1)</script>`,
    });
    expect(sent.status).toBe(200);
    const mail = await w.t.waitForMail(manual.email!, /^Personal note about invoice/);
    expect(mail.html).toContain("I called you on Friday.");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Ada at Sample Co");
    expect(mail.headers["message-id"]).toBe(`<reminder.${sent.json.data.reminderId}@recoup.local>`);

    // A paid invoice cannot be reminded by hand either.
    const refused = await get(`${apiPaths.reminders.draft}${q()}&invoiceId=${paid.id}`);
    expect(refused.status).toBe(409);
  });

  it("at 09:01 sends each remindable invoice its stage, every variable filled, once", async () => {
    setClock(localTime("09:01"));
    const held = new Set([paid.id, pausedInvoice.id, untilTomorrow.id, manual.id]);
    const expected = sampleInvoices().filter(
      (inv) => firstReminder(inv) && !held.has(inv.id) && inv.customerId !== pausedCustomer,
    );
    expect(expected.length).toBeGreaterThan(5);

    const result = await planCompany(w.t.ctx, w.user.companyId);
    expect(result).toMatchObject({ outcome: "planned", decided: expected.length, synced: false });
    // One manual email and the automatic ones.
    const mails = await waitForReminderMails(expected.length + 1);
    const rows = await log();
    const automatic = rows.filter((r) => r.stage !== "manual");
    expect(automatic.map((r) => `${r.invoiceId}:${r.stage}:${r.cycle}`).sort()).toEqual(
      expected.map((inv) => `${inv.id}:${firstReminder(inv)!.stage}:${firstReminder(inv)!.cycle}`).sort(),
    );

    for (const inv of expected) {
      const row = automatic.find((r) => r.invoiceId === String(inv.id))!;
      const mail = mails.find((m) => m.headers["message-id"] === row.messageId);
      expect(mail, `email for invoice ${inv.id}`).toBeDefined();
      expect(row.messageId).toBe(`<reminder.${row.id}@recoup.local>`);
      expect(mail!.to).toEqual([inv.email]);
      expect(mail!.subject).toBe(expectedSubject(inv, firstReminder(inv)!.stage));
      const text = mail!.text.replace(/\s+/g, " ");
      expect(text).toContain(`Hi ${customerName(inv)},`);
      expect(text).toContain(money(inv.balance, inv.currency));
      expect(text).toContain(longDate(inv.dueDate));
      expect(text).toContain("Warm regards, Ada at Sample Co");
      expect(mail!.html).not.toMatch(
        /\{(customer_name|invoice_number|invoice_amount|due_date|company_name|days_overdue)\}/,
      );
      expect(mail!.headers.from).toContain("Acme Ltd");
      // Replies come back to the invoice's own signed address (communications.test.ts follows one).
      expect(mail!.headers["reply-to"]).toMatch(
        new RegExp(`^reply\\+[a-z2-7]+\\.${inv.id}\\.[a-z2-7]+@inbound\\.test$`),
      );
    }
    await expect
      .poll(async () => (await log()).filter((r) => r.status === "sent").length, { timeout: 10_000 })
      .toBe(expected.length + 1);
  });

  it("running the planner again, or the cron's fan-out, sends nothing twice", async () => {
    const before = (await reminderMails()).length;
    expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ outcome: "planned", decided: 0 });
    setClock(localTime("15:30"));
    expect(await planAll(w.t.ctx)).toEqual({ queued: 1 });
    expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ decided: 0 });
    // The fan-out's job has run (so it cannot overlap a later test's planning), and sent nothing.
    const planJobsLeft = async () =>
      (
        (await w.t.ctx.db.execute(
          sql`select count(*)::int as n from pgboss.job
              where name = ${REMINDER_PLAN} and state in ('created', 'retry', 'active')`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await expect.poll(planJobsLeft, { timeout: 20_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 1500));
    expect((await reminderMails()).length).toBe(before);
  });

  it("shows last and next reminder on the invoice rows, and the upcoming reminders", async () => {
    const rows: {
      id: string;
      lastReminder: { stage: string; sentAt: string } | null;
      nextReminder: { stage: string; date: string } | null;
      remindersPaused: { scope: string; until: string | null } | null;
    }[] = [];
    for (let page = 1; ; page++) {
      const list = await get(`${apiPaths.invoices.list}${q()}&limit=100&status=unpaid&page=${page}`);
      expect(list.status).toBe(200);
      rows.push(...list.json.data.invoices);
      if (rows.length >= list.json.data.total) break;
    }
    const row = (inv: InvoiceRecord) => rows.find((r) => r.id === String(inv.id))!;
    expect(row(manual).lastReminder).toMatchObject({ stage: "manual" });
    expect(row(pausedInvoice)).toMatchObject({
      lastReminder: null,
      nextReminder: null,
      remindersPaused: { scope: "invoice", until: null },
    });
    expect(row(untilTomorrow)).toMatchObject({
      lastReminder: null,
      nextReminder: { stage: "after_due_date", date: "2026-03-17" },
      remindersPaused: { scope: "invoice", until: "2026-03-17" },
    });
    const overdueSent = sampleInvoices().find(
      (inv) =>
        firstReminder(inv)?.stage === "after_due_date" && row(inv)?.lastReminder?.stage === "after_due_date",
    )!;
    // The next notice: 1 day after the due date plus whole follow-up intervals, moved off a weekend.
    const late = todayDay - overdueSent.dueDate;
    let next = overdueSent.dueDate + 1 + (Math.floor((late - 1) / 7) + 1) * 7;
    const weekday = DateTime.fromISO(dayText(next), { zone: "UTC" }).weekday;
    if (weekday > 5) next += 8 - weekday;
    expect(row(overdueSent).nextReminder).toEqual({ stage: "after_due_date", date: dayText(next) });

    const upcoming = await get(`${apiPaths.reminders.upcoming}${q()}&limit=500`);
    expect(upcoming.json.data).toMatchObject({ enabled: true, from: TODAY, to: "2026-03-29" });
    const planned = upcoming.json.data.reminders as { invoiceId: string; date: string; stage: string }[];
    expect(planned.find((p) => p.invoiceId === String(untilTomorrow.id))).toMatchObject({
      date: "2026-03-17",
    });
    expect(planned.some((p) => p.date === TODAY)).toBe(false);
    const dueSoon = sampleInvoices().find(
      (inv) => !inv.voided && inv.balance > 0 && inv.email && inv.dueDate - todayDay === 6,
    );
    if (dueSoon) {
      expect(
        planned.find((p) => p.invoiceId === String(dueSoon.id) && p.stage === "before_due_date")?.date,
      ).toBe(dayText(dueSoon.dueDate - 3));
    }
  });

  it("resumes a pause: the invoice gets today's reminder at the next run", async () => {
    const resumed = await post(apiPaths.reminders.resume, {
      companyId: w.user.companyId,
      invoiceId: String(pausedInvoice.id),
    });
    expect(resumed.json.data).toEqual({ resumed: true });
    expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ decided: 1 });
    const mail = await w.t.waitForMail(
      pausedInvoice.email!,
      new RegExp(`^Invoice ${pausedInvoice.docNumber} is`),
    );
    expect(mail.subject).toBe(expectedSubject(pausedInvoice, "after_due_date"));
    // The customer stays paused.
    const rows = await log();
    expect(
      rows.some(
        (r) => sampleInvoices().find((inv) => String(inv.id) === r.invoiceId)?.customerId === pausedCustomer,
      ),
    ).toBe(false);
  });

  it("counts the month's usage as distinct invoices reminded, the manual one once", async () => {
    // The mail sink can hold a message a moment before its reminder is recorded as sent.
    await expect
      .poll(async () => (await log()).some((r) => r.status === "queued"), { timeout: 10_000 })
      .toBe(false);
    const rows = (await log()).filter((r) => r.status === "sent");
    const usage = await get(`${apiPaths.reminders.usage}${q()}&month=2026-03`);
    expect(usage.json.data).toEqual({
      month: "2026-03",
      invoicesReminded: new Set(rows.map((r) => r.invoiceId)).size,
    });
    expect(rows.filter((r) => r.invoiceId === String(manual.id))).toHaveLength(1);
  });

  it("the next day sends the paused-until invoice and the invoices with a new date, nothing else", async () => {
    const tuesday = todayDay + 1;
    setClock(localTime("09:02", dayText(tuesday)));
    // A reminder is new on Tuesday only when the schedule puts one on that very date.
    const slotOn = (inv: InvoiceRecord, day: number) => {
      const late = day - inv.dueDate;
      return late === -3 || late === 0 || (late >= 1 && (late - 1) % 7 === 0);
    };
    const expected = sampleInvoices().filter(
      (inv) =>
        !inv.voided &&
        inv.balance > 0 &&
        Boolean(inv.email) &&
        inv.customerId !== pausedCustomer &&
        (inv.id === untilTomorrow.id || slotOn(inv, tuesday)),
    );
    const result = await planCompany(w.t.ctx, w.user.companyId);
    const decided = (await log()).filter(
      (r) => r.decidedAt >= localTime("00:00", dayText(tuesday)).toISOString(),
    );
    expect(result).toMatchObject({ outcome: "planned", decided: decided.length });
    expect(decided.map((r) => r.invoiceId).sort()).toEqual(expected.map((inv) => String(inv.id)).sort());
    const late = tuesday - untilTomorrow.dueDate;
    expect(decided.find((r) => r.invoiceId === String(untilTomorrow.id))).toMatchObject({
      stage: "after_due_date",
      cycle: Math.floor((late - 1) / 7),
    });
  });
});

describe("freshness before sending", () => {
  it("a sync that fails holds the company's reminders and says why; once it works they go", async () => {
    setClock(localTime("08:00"));
    const on = await post(
      apiPaths.reminders.settings,
      { companyId: w.other.companyId, enabled: true, sendTime: "09:00", weekdaysOnly: true, confirm: true },
      w.other.token,
    );
    expect(on.status).toBe(200);
    const stale = new Date(Date.now() - 20 * 60_000);
    await w.t.ctx.db
      .update(qboConnections)
      .set({ lastSyncAt: stale })
      .where(eq(qboConnections.companyId, w.other.companyId));
    const faults = await fetch(`${w.qb.baseUrl}/_control/realms/${OTHER_REALM}/faults`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rate5xx: 1, status5xx: 503 }),
    });
    expect(faults.status).toBe(200);

    setClock(localTime("09:01"));
    const blocked = await planCompany(w.t.ctx, w.other.companyId);
    expect(blocked.outcome).toBe("blocked");
    const settings = await get(`${apiPaths.reminders.settings}${q(w.other.companyId)}`, w.other.token);
    expect(settings.json.data.blocked.reason).toMatch(/QuickBooks sync before sending failed/);
    const dashboard = await get(`${apiPaths.dashboard.summary}${q(w.other.companyId)}`, w.other.token);
    expect(dashboard.json.data.reminders).toEqual({ enabled: true, blocked: settings.json.data.blocked });
    expect(await log(w.other.companyId, w.other.token)).toEqual([]);

    await fetch(`${w.qb.baseUrl}/_control/realms/${OTHER_REALM}/faults`, { method: "DELETE" });
    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const target = [...store.invoices.values()].find(
      (inv) => firstReminder(inv)?.stage === "after_due_date",
    )!;
    // Paid at QuickBooks a minute before the send time, not yet synced: the planner's sync sees it.
    await pay(OTHER_REALM, target.id);
    const expected = [...store.invoices.values()].filter(firstReminder);
    const planned = await planCompany(w.t.ctx, w.other.companyId);
    expect(planned).toMatchObject({ outcome: "planned", synced: true, decided: expected.length });
    const rows = await log(w.other.companyId, w.other.token);
    expect(rows.map((r) => r.invoiceId).sort()).toEqual(expected.map((inv) => String(inv.id)).sort());
    expect(rows.some((r) => r.invoiceId === String(target.id))).toBe(false);
    const after = await get(`${apiPaths.reminders.settings}${q(w.other.companyId)}`, w.other.token);
    expect(after.json.data.blocked).toBeNull();
    const dashboard2 = await get(`${apiPaths.dashboard.summary}${q(w.other.companyId)}`, w.other.token);
    expect(dashboard2.json.data.reminders).toEqual({ enabled: true, blocked: null });
  });

  it("refuses another company's reminders", async () => {
    for (const path of [
      apiPaths.reminders.log,
      apiPaths.reminders.upcoming,
      apiPaths.reminders.usage,
      apiPaths.reminders.enablePreview,
    ]) {
      expect((await get(`${path}${q(w.other.companyId)}`)).status).toBe(403);
    }
    const send = await post(apiPaths.reminders.send, {
      companyId: w.other.companyId,
      invoiceId: "1",
      stage: "after_due_date",
      subject: "x",
      html: "<p>x</p>",
    });
    expect(send.status).toBe(403);
    expect(
      (await post(apiPaths.reminders.pause, { companyId: w.other.companyId, invoiceId: "1" })).status,
    ).toBe(403);
  });
});

describe("delivery failures", () => {
  it("retry, then stay visible as failed with the last error", async () => {
    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const reminded = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.invoiceId));
    const target = [...store.invoices.values()].find(
      (inv) => !inv.voided && inv.balance > 0 && inv.email && !reminded.has(String(inv.id)),
    )!;
    const mailer = w.t.ctx.mailer!;
    w.t.ctx.mailer = {
      send: async () => {
        throw new Error("421 the SMTP server is unavailable");
      },
      close: () => {},
    };
    try {
      const sent = await post(
        apiPaths.reminders.send,
        {
          companyId: w.other.companyId,
          invoiceId: String(target.id),
          stage: "before_due_date",
          subject: "A reminder",
          html: "<p>Please pay.</p>",
        },
        w.other.token,
      );
      expect(sent.status).toBe(200);
      const id = sent.json.data.reminderId as string;
      const row = async () => (await log(w.other.companyId, w.other.token)).find((r) => r.id === id)!;
      // The queue's first attempt fails and is retried later (with backoff); the next ones run here.
      await expect.poll(async () => (await row()).attempts, { timeout: 10_000 }).toBe(1);
      expect((await row()).status).toBe("queued");
      for (let attempt = 2; attempt < SEND_ATTEMPTS; attempt++) {
        await expect(deliverBatch(w.t.ctx, [id])).rejects.toThrow(/SMTP server is unavailable/);
      }
      await deliverBatch(w.t.ctx, [id]);
      expect(await row()).toMatchObject({
        status: "failed",
        attempts: SEND_ATTEMPTS,
        error: "421 the SMTP server is unavailable",
      });
      const failed = await get(
        `${apiPaths.reminders.log}${q(w.other.companyId)}&status=failed`,
        w.other.token,
      );
      expect(failed.json.data.reminders.map((r: LogRow) => r.id)).toEqual([id]);
    } finally {
      w.t.ctx.mailer = mailer;
    }
  });
});

describe("just before sending", () => {
  it("a payment synced after the decision stops the reminder; the others go", async () => {
    // The send jobs wait while the payment is made and synced.
    await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
    let working = false;
    try {
      setClock(localTime("09:03", "2026-03-17"));
      const before = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.id));
      const planned = await planCompany(w.t.ctx, w.other.companyId);
      expect(planned).toMatchObject({ outcome: "planned" });
      const decided = (await log(w.other.companyId, w.other.token)).filter((r) => !before.has(r.id));
      expect(decided.length).toBeGreaterThanOrEqual(2);
      expect(decided.every((r) => r.status === "queued")).toBe(true);
      const [stopped, ...going] = decided as [LogRow, ...LogRow[]];
      await pay(OTHER_REALM, Number(stopped.invoiceId));
      await syncChanges(w, w.other.companyId);
      await w.t.ctx.queue.work([SEND_REMINDER]);
      working = true;
      await expect
        .poll(
          async () =>
            (await log(w.other.companyId, w.other.token)).filter(
              (r) => !before.has(r.id) && r.status !== "queued",
            ).length,
          {
            timeout: 15_000,
          },
        )
        .toBe(decided.length);
      const after = await log(w.other.companyId, w.other.token);
      expect(after.find((r) => r.id === stopped.id)).toMatchObject({
        status: "cancelled",
        error: "The invoice was paid.",
        attempts: 0,
      });
      for (const r of going) expect(after.find((a) => a.id === r.id)?.status).toBe("sent");
      const mails = await reminderMails();
      expect(mails.some((m) => m.headers["message-id"] === stopped.messageId)).toBe(false);
      expect(going.every((r) => mails.some((m) => m.headers["message-id"] === r.messageId))).toBe(true);
    } finally {
      if (!working) await w.t.ctx.queue.work([SEND_REMINDER]);
    }
  });
});

describe("a send job's batch", () => {
  it("sends the others when one send fails, and its retry sends only that one", async () => {
    await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
    const mailer = w.t.ctx.mailer!;
    try {
      setClock(localTime("09:03", "2026-04-07"));
      const before = new Set((await log(w.other.companyId, w.other.token)).map((r) => r.id));
      expect(await planCompany(w.t.ctx, w.other.companyId)).toMatchObject({ outcome: "planned" });
      const decided = (await log(w.other.companyId, w.other.token)).filter((r) => !before.has(r.id));
      expect(decided.length).toBeGreaterThanOrEqual(3);
      const refused = decided[1]!;
      let refusals = 0;
      w.t.ctx.mailer = {
        send: async (message) => {
          if (message.messageId === refused.messageId && refusals++ === 0)
            throw new Error("450 mailbox busy");
          return mailer.send(message);
        },
        close: () => {},
      };
      const ids = decided.map((r) => r.id);
      await expect(deliverBatch(w.t.ctx, ids)).rejects.toThrow(/450 mailbox busy/);
      const first = await log(w.other.companyId, w.other.token);
      for (const r of decided) {
        const row = first.find((a) => a.id === r.id)!;
        if (r.id === refused.id) expect(row).toMatchObject({ status: "queued", attempts: 1 });
        else expect(row).toMatchObject({ status: "sent", attempts: 1 });
      }
      // The queue's retry of the whole job: only the refused one goes, on its second attempt.
      await deliverBatch(w.t.ctx, ids);
      const second = await log(w.other.companyId, w.other.token);
      for (const r of decided) {
        const row = second.find((a) => a.id === r.id)!;
        expect(row.status).toBe("sent");
        expect(row.attempts).toBe(r.id === refused.id ? 2 : 1);
      }
      const mails = await reminderMails();
      for (const r of decided)
        expect(mails.filter((m) => m.headers["message-id"] === r.messageId)).toHaveLength(1);
    } finally {
      w.t.ctx.mailer = mailer;
      await w.t.ctx.queue.work([SEND_REMINDER]);
    }
  });
});

describe("a company changing its time zone and locale", () => {
  it("moves 'today' and the send window with the zone, and writes money in the new locale", async () => {
    const otto = w.other;
    const instant = localTime("12:30");
    setClock(instant);
    const settings = () => get(`${apiPaths.reminders.settings}${q(otto.companyId)}`, otto.token);
    expect((await settings()).json.data).toMatchObject({ timezone: TIMEZONE, locale: "en-US" });
    expect((await settings()).json.data.window).toMatchObject({ open: true, today: TODAY });

    const save = (extra: Record<string, unknown>) =>
      post(
        apiPaths.reminders.settings,
        { companyId: otto.companyId, enabled: false, sendTime: "09:00", weekdaysOnly: true, ...extra },
        otto.token,
      );
    const bad = await save({ timezone: "Mars/Olympus_Mons" });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe("Please choose a valid time zone");
    expect((await save({ locale: "xx-YY" })).status).toBe(400);

    const saved = await save({ timezone: "Asia/Tokyo", locale: "de-DE" });
    expect(saved.status).toBe(200);
    // Worked out independently: the same instant in Tokyo.
    const tokyo = DateTime.fromJSDate(instant).setZone("Asia/Tokyo");
    expect(saved.json.data).toMatchObject({ timezone: "Asia/Tokyo", locale: "de-DE" });
    expect(saved.json.data.window.today).toBe(tokyo.toISODate());
    expect(saved.json.data.window.open).toBe(tokyo.hour >= 9 && tokyo.hour < 18 && tokyo.weekday <= 5);

    const store = w.qb.control.sandbox.realms.get(OTHER_REALM)!.store;
    const open = [...store.invoices.values()].find((inv) => !inv.voided && inv.balance > 0 && inv.email)!;
    const draft = await get(
      `${apiPaths.reminders.draft}${q(otto.companyId)}&invoiceId=${open.id}`,
      otto.token,
    );
    expect(draft.status).toBe(200);
    const amount = new Intl.NumberFormat("de-DE", { style: "currency", currency: open.currency }).format(
      open.balance / 100,
    );
    expect(draft.json.data.html.replace(/\u00a0/g, " ")).toContain(amount.replace(/\u00a0/g, " "));
  });
});

describe("the engine's tables", () => {
  it("are vacuumed every ten minutes on the embedded database, which has no autovacuum", async () => {
    const { boss } = w.t.ctx.queue;
    const upkeep = (await boss.getSchedules()).find((s) => s.name === DB_MAINTENANCE);
    if (w.t.ctx.database.kind === "postgres") {
      expect(upkeep).toBeUndefined();
      return;
    }
    expect(upkeep?.cron).toBe("*/10 * * * *");
    const lastVacuum = async () =>
      (
        (await w.t.ctx.db.execute(
          sql`select relname, coalesce(extract(epoch from last_vacuum) * 1000, 0)::float8 as at
              from pg_stat_user_tables
              where relname in ('reminders', 'email_messages', 'invoice_threads', 'reminder_pauses')`,
        )) as unknown as { rows: { relname: string; at: number }[] }
      ).rows;
    const before = Date.now() - 1000;
    await boss.send(DB_MAINTENANCE, {});
    const deadline = Date.now() + 20_000;
    let rows = await lastVacuum();
    while (rows.some((r) => r.at < before) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await lastVacuum();
    }
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(r.at, r.relname).toBeGreaterThanOrEqual(before);
  });
});
