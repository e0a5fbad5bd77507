/**
 * The reminder engine after a Monday's run (reminders-engine.test.ts makes and checks that run):
 * what the invoice rows and the upcoming list show, a pause resumed, the month's usage, Tuesday.
 */
import { apiPaths } from "@recoup/contracts";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { planCompany } from "../src/modules/reminders/index.ts";
import { dayText, type InvoiceRecord, TODAY, todayDay } from "./collections-fixture.ts";
import { sendReminder, syncNow, until } from "./kit/index.ts";
import {
  expectedSubject,
  firstReminder,
  heldOnMonday,
  localTime,
  remindersWorldForFile,
} from "./reminders-fixture.ts";

const { w, setClock, get, post, q, sampleInvoices, turnOn, waitForReminderMails, log, pay } =
  remindersWorldForFile();

describe("after the Monday's run", () => {
  let paid: InvoiceRecord;
  let pausedCustomer: number;
  let pausedInvoice: InvoiceRecord;
  let untilTomorrow: InvoiceRecord;
  let manual: InvoiceRecord;

  // The Monday as reminders-engine.test.ts runs it: on at 08:00, the held invoices paid, paused and
  // reminded by hand, the 09:01 run sent, and the planner run again at 15:30.
  beforeAll(async () => {
    ({ paid, pausedCustomer, pausedInvoice, untilTomorrow, manual } = heldOnMonday(sampleInvoices()));
    setClock(localTime("08:00"));
    expect((await turnOn(w.user)).status).toBe(200);
    await pay(w.user.realmId, paid.id);
    await syncNow(w.t.ctx, w.user.companyId);
    for (const target of [
      { customerRef: String(pausedCustomer) },
      { invoiceId: String(pausedInvoice.id) },
      { invoiceId: String(untilTomorrow.id), until: "2026-03-17" },
    ]) {
      expect((await post(apiPaths.reminders.pause, { companyId: w.user.companyId, ...target })).status).toBe(
        200,
      );
    }
    await sendReminder(w.t, w.user, String(manual.id), {
      subject: `Personal note about invoice ${manual.docNumber}`,
    });
    setClock(localTime("09:01"));
    const planned = await planCompany(w.t.ctx, w.user.companyId);
    await waitForReminderMails((planned as { decided: number }).decided + 1);
    await until(async () => !(await log()).some((r) => r.status === "queued"), 10_000, {
      what: "the Monday's reminders sent",
    });
    setClock(localTime("15:30"));
    expect(await planCompany(w.t.ctx, w.user.companyId)).toMatchObject({ decided: 0 });
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
      nextReminder: { stage: "after_due_date", label: "After Due Date", date: "2026-03-17" },
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
    expect(row(overdueSent).nextReminder).toEqual({
      stage: "after_due_date",
      label: "After Due Date",
      date: dayText(next),
    });

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
    const mail = await w.t.mailbox.waitFor(
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
