/**
 * The reminder engine's tests: the synced world with the API's clock under the test's control, and
 * what should go out worked out from the sandbox's own records (its store and control API), never
 * through the code under test.
 */
import { apiPaths } from "@recoup/contracts";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, expect } from "vitest";
import { companies } from "../src/db/schema/index.ts";
import {
  type InvoiceRecord,
  TIMEZONE,
  TODAY,
  todayDay,
  type World,
  worldForFile,
} from "./collections-fixture.ts";
import { REMINDER_PLANNER } from "./internals.ts";
import { type MailMessage, until } from "./kit/index.ts";

export const SIGNATURE = "<p>Warm regards,<br><b>Ada at Sample Co</b></p>";

/** An instant on the sandbox's "today" (Monday 16 March 2026) in the company's zone. */
export const localTime = (hhmm: string, date = TODAY) =>
  DateTime.fromISO(`${date}T${hhmm}`, { zone: TIMEZONE }).toJSDate();

// The schedule, worked out from the sandbox's records for a Monday with no reminder sent yet:
// 'Before Due Date' for invoices due within 3 days (a Saturday or Sunday date moves to the
// Monday), 'On Due Date' on it, and after it the latest 'Overdue Payment Notice' cycle.
export function firstReminder(inv: InvoiceRecord) {
  if (inv.voided || inv.balance <= 0 || !inv.email) return null;
  const late = todayDay - inv.dueDate;
  if (late < -3) return null;
  if (late < 0) return { stage: "before_due_date", cycle: 0 } as const;
  if (late === 0) return { stage: "on_due_date", cycle: 0 } as const;
  return { stage: "after_due_date", cycle: Math.floor((late - 1) / 7) } as const;
}

export const longDate = (day: number) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(day * 86_400_000));

export function expectedSubject(inv: InvoiceRecord, stage: string) {
  const late = todayDay - inv.dueDate;
  if (stage === "before_due_date")
    return `Friendly reminder: invoice ${inv.docNumber} is due on ${longDate(inv.dueDate)}`;
  if (stage === "on_due_date") return `Invoice ${inv.docNumber} is due today`;
  return `Invoice ${inv.docNumber} is ${late} ${late === 1 ? "day" : "days"} overdue`;
}

export interface LogRow {
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

/**
 * The overdue invoices the Monday morning holds back, chosen from the sandbox's records: a customer
 * paused, and of the other customers' an invoice paid before the send time, one paused, one paused
 * until tomorrow, and one reminded by hand first.
 */
export function heldOnMonday(invoices: InvoiceRecord[]) {
  const overdue = invoices.filter((inv) => firstReminder(inv)?.stage === "after_due_date");
  const pausedCustomer = overdue[0]!.customerId;
  const [paid, pausedInvoice, untilTomorrow, manual] = overdue.filter(
    (inv) => inv.customerId !== pausedCustomer,
  ) as [InvoiceRecord, InvoiceRecord, InvoiceRecord, InvoiceRecord];
  return { pausedCustomer, paid, pausedInvoice, untilTomorrow, manual };
}

/**
 * The file's world for the engine: the planner left to the test (it runs it at the instants it
 * chooses), both companies signing their emails, and the calls the tests make on it.
 */
export function remindersWorldForFile() {
  const w = worldForFile();
  beforeAll(async () => {
    await w.t.ctx.queue.boss.unschedule(REMINDER_PLANNER);
    for (const u of [w.user, w.other]) {
      await w.t.ctx.db.update(companies).set({ signature: SIGNATURE }).where(eq(companies.id, u.companyId));
    }
  });

  const setClock = (instant: Date) => {
    w.t.ctx.now = () => instant;
  };
  const get = (path: string, token = w.user.token) => w.call("GET", path, { token });
  const post = (path: string, body: Record<string, unknown>, token = w.user.token) =>
    w.call("POST", path, { token, body });
  const q = (companyId = w.user.companyId) => `?companyId=${companyId}`;
  const sampleInvoices = () => [...w.store().invoices.values()];
  const customerName = (inv: InvoiceRecord) => w.store().customers.get(inv.customerId)!.displayName;

  /**
   * Reminders on, sent from 09:00 on weekdays; one email per invoice unless `combine` (a new
   * company's default, decision 0021: these tests count emails per invoice).
   */
  const turnOn = (company: World["user"], combine = false) =>
    post(
      apiPaths.reminders.settings,
      {
        companyId: company.companyId,
        enabled: true,
        sendTime: "09:00",
        weekdaysOnly: true,
        confirm: true,
        combineReminders: combine,
      },
      company.token,
    );

  /** Every reminder email the mail sandbox caught. */
  async function reminderMails(): Promise<MailMessage[]> {
    const all = await w.t.mailbox.to();
    return all.filter((m) => (m.headers["message-id"] ?? m.messageId ?? "").startsWith("<reminder."));
  }
  const waitForReminderMails = (count: number, timeoutMs = 20_000) =>
    until(
      async () => {
        const mails = await reminderMails();
        return mails.length >= count && mails;
      },
      timeoutMs,
      { what: `${count} reminder emails`, intervalMs: 200 },
    );

  /** The whole reminder log, page by page. */
  async function log(companyId = w.user.companyId, token = w.user.token) {
    const rows: LogRow[] = [];
    for (let page = 1; ; page++) {
      const res = await get(`${apiPaths.reminders.log}${q(companyId)}&limit=100&page=${page}`, token);
      rows.push(...res.json.data.reminders);
      if (rows.length >= res.json.data.total) return rows;
    }
  }

  /** The invoice paid in full at "Intuit" (the sandbox's control API). */
  async function pay(realmId: string, invoiceId: number) {
    const res = await fetch(`${w.qb.baseUrl}/_control/realms/${realmId}/invoices/${invoiceId}/pay`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(201);
  }

  return {
    w,
    setClock,
    get,
    post,
    q,
    sampleInvoices,
    customerName,
    turnOn,
    reminderMails,
    waitForReminderMails,
    log,
    pay,
  };
}
