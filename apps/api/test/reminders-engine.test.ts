/**
 * The reminder engine end to end on a Monday, against the QuickBooks sandbox's sample company, with
 * the API's clock under the test's control: turned on before the window opens, held invoices
 * (paid, paused, reminded by hand), the 09:01 run, and a second run that sends nothing twice. The
 * day after: reminders-next-day.test.ts.
 */
import { apiPaths } from "@recoup/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { planAll, planCompany } from "../src/modules/reminders/index.ts";
import { type InvoiceRecord, TODAY } from "./collections-fixture.ts";
import { REMINDER_PLAN } from "./internals.ts";
import { money, sleep, syncNow } from "./kit/index.ts";
import {
  expectedSubject,
  firstReminder,
  heldOnMonday,
  localTime,
  longDate,
  remindersWorldForFile,
} from "./reminders-fixture.ts";

const {
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
} = remindersWorldForFile();

describe("automatic reminders against the sample company", () => {
  // Chosen before anything is sent: an overdue invoice paid before the send time, a customer and
  // an invoice paused, an invoice paused until tomorrow, and one reminded by hand first.
  let paid: InvoiceRecord;
  let pausedCustomer: number;
  let pausedInvoice: InvoiceRecord;
  let untilTomorrow: InvoiceRecord;
  let manual: InvoiceRecord;

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

    const on = await turnOn(w.user);
    expect(on.status).toBe(200);
    expect(on.json.data.window).toMatchObject({ open: false, nextOpensAt: localTime("09:00").toISOString() });
    expect(await planCompany(w.t.ctx, w.user.companyId)).toEqual({
      outcome: "skipped",
      reason: "window closed",
    });
  });

  it("pauses, a manual send and a payment synced before the send time, all at 08:00", async () => {
    ({ paid, pausedCustomer, pausedInvoice, untilTomorrow, manual } = heldOnMonday(sampleInvoices()));
    expect(manual).toBeDefined();

    await pay(w.user.realmId, paid.id);
    expect(w.store().invoices.get(paid.id)!.balance).toBe(0);
    await syncNow(w.t.ctx, w.user.companyId);

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
    const mail = await w.t.mailbox.waitFor(manual.email!, /^Personal note about invoice/);
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
    await sleep(1500);
    expect((await reminderMails()).length).toBe(before);
  });
});
