/**
 * The engine follows each invoice's customer's schedule (issue 18): by the customer's own choice,
 * by tag (a customer's own choice wins), none ('Don't chase this customer'), a final stage after
 * which the invoice needs a call, and a customer moved to another schedule mid-way. What should go
 * out is worked out from the sandbox's records and the schedules' stages, not by the engine's code.
 */
import { apiPaths } from "@recoup/contracts";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { holdsOn } from "../src/modules/holds/index.ts";
import { activePauses } from "../src/modules/pauses/index.ts";
import {
  dueReminder,
  findSettings,
  followedSchedules,
  historyByInvoice,
  invoicesToPlan,
  pausesByTarget,
  planCompany,
  planGroups,
  remindableInvoices,
  reminderHistory,
  reminderInvoice,
  scheduleSettings,
  sentFromSummary,
  windowState,
} from "../src/modules/reminders/index.ts";
import { dayText, type InvoiceRecord, TODAY, todayDay } from "./collections-fixture.ts";
import { SEND_REMINDER } from "./internals.ts";
import { until } from "./kit/index.ts";
import { firstReminder, localTime, remindersWorldForFile } from "./reminders-fixture.ts";

const { w, setClock, get, post, q, sampleInvoices, turnOn, log } = remindersWorldForFile();
const paths = apiPaths.reminderSchedules;
const TUESDAY = DateTime.fromISO(TODAY).plus({ days: 1 }).toISODate()!;

/** 'Firm': from the day after the due date, every 2 days, with a template of its own. */
const FIRM = {
  name: "Firm",
  stages: [
    {
      timing: { kind: "repeat", days: 1, every: 2 },
      template: { subject: "FIRM {invoice_number}", content: "<p>Please pay {invoice_amount} now.</p>" },
    },
  ],
};
/** 'Call': one notice the day after the due date, then chasing stops: the invoice needs a call. */
const CALL = {
  name: "Call",
  stages: [{ timing: { kind: "final", days: 1 }, template: { type: "after_due_date" } }],
};

/** Firm's latest slot by `day` (epoch day): its cycle and date, or null before its first. */
function firmSlot(inv: InvoiceRecord, day: number) {
  const late = day - inv.dueDate;
  if (late < 1) return null;
  const cycle = Math.floor((late - 1) / 2);
  return { cycle, scheduled: inv.dueDate + 1 + 2 * cycle };
}
/** The date the standard schedule's first reminder on Monday is scheduled for (`firstReminder`'s). */
function standardScheduled(inv: InvoiceRecord) {
  const first = firstReminder(inv)!;
  if (first.stage === "before_due_date") return inv.dueDate - 3;
  if (first.stage === "on_due_date") return inv.dueDate;
  return inv.dueDate + 1 + 7 * first.cycle;
}

/** Customers, from the sandbox's records, whose every chased invoice is at least a day overdue on Monday. */
function overdueCustomers() {
  const byCustomer = new Map<number, InvoiceRecord[]>();
  for (const inv of sampleInvoices()) {
    if (!firstReminder(inv)) continue;
    byCustomer.set(inv.customerId, [...(byCustomer.get(inv.customerId) ?? []), inv]);
  }
  return [...byCustomer.entries()]
    .filter(([, list]) => list.every((inv) => firstReminder(inv)!.stage === "after_due_date"))
    .map(([customerId, invoices]) => ({ ref: String(customerId), invoices }));
}

type Customer = ReturnType<typeof overdueCustomers>[number];
let own: Customer; // Firm by their own choice
let tagged: Customer; // Firm by the tag 'slow'
let taggedButStandard: Customer; // tagged 'slow', chose the standard schedule
let unchased: Customer; // Don't chase this customer
let moved: Customer; // standard on Monday, Firm from Tuesday
let call: Customer; // 'Call': a final stage
let firm: { id: string; stages: { key: string }[] };
let callSchedule: { id: string; stages: { key: string }[] };

const decidedFor = async (c: Customer) => {
  const ids = new Set(c.invoices.map((inv) => String(inv.id)));
  return (await log()).filter((r) => ids.has(r.invoiceId));
};
const keysOf = (rows: { invoiceId: string; stage: string; cycle: number }[]) =>
  rows.map((r) => `${r.invoiceId} ${r.stage} ${r.cycle}`).sort();

beforeAll(async () => {
  const customers = overdueCustomers();
  expect(customers.length).toBeGreaterThanOrEqual(6);
  [own, tagged, taggedButStandard, unchased, moved, call] = customers as [
    Customer,
    Customer,
    Customer,
    Customer,
    Customer,
    Customer,
  ];
});

describe("the engine follows each customer's schedule", () => {
  it("schedules given per customer, by tag (a customer's own choice wins) and none", async () => {
    setClock(localTime("08:00"));
    const made = await post(paths.save, { companyId: w.user.companyId, ...FIRM });
    expect(made.status).toBe(200);
    firm = made.json.data;
    const madeCall = await post(paths.save, { companyId: w.user.companyId, ...CALL });
    expect(madeCall.status).toBe(200);
    callSchedule = madeCall.json.data;
    const assign = (c: Customer, schedule: string | null) =>
      post(paths.assignCustomer, { companyId: w.user.companyId, customerRef: c.ref, schedule });
    expect((await assign(own, firm.id)).status).toBe(200);
    expect((await assign(unchased, "none")).status).toBe(200);
    expect((await assign(taggedButStandard, "standard")).status).toBe(200);
    expect((await assign(call, callSchedule.id)).status).toBe(200);
    for (const c of [tagged, taggedButStandard]) {
      const res = await post(apiPaths.customers.editTags, {
        realmId: w.user.realmId,
        customerRef: c.ref,
        tags: ["slow"],
      });
      expect(res.status).toBe(200);
    }
    const byTag = await post(paths.assignTag, {
      companyId: w.user.companyId,
      tag: "slow",
      scheduleId: firm.id,
    });
    expect(byTag.status).toBe(200);
    // Another company cannot give this company's customer a schedule of its own, nor see the schedule.
    const foreign = await post(
      paths.assignCustomer,
      { companyId: w.other.companyId, customerRef: own.ref, schedule: firm.id },
      w.other.token,
    );
    expect(foreign.status).toBe(400);
  });

  it("the upcoming reminders show each invoice's schedule and stage", async () => {
    const res = await get(`${apiPaths.reminders.upcoming}${q()}&days=1&limit=500`);
    expect(res.status).toBe(200);
    const rows = res.json.data.reminders as {
      invoiceId: string;
      customerRef: string;
      schedule: string;
      stage: string;
      stageName: string;
      cycle: number;
    }[];
    const of = (c: Customer) => rows.filter((r) => r.customerRef === c.ref);
    for (const c of [own, tagged]) {
      expect(
        of(c)
          .map((r) => `${r.invoiceId} ${r.stage} ${r.cycle}`)
          .sort(),
      ).toEqual(
        c.invoices.map((inv) => `${inv.id} ${firm.stages[0]!.key} ${firmSlot(inv, todayDay)!.cycle}`).sort(),
      );
      expect(new Set(of(c).map((r) => `${r.schedule} · ${r.stageName}`))).toEqual(
        new Set(["Firm · Every 2 days from 1 day after due"]),
      );
    }
    expect(of(unchased)).toEqual([]);
    expect(of(taggedButStandard).map((r) => r.schedule)).toEqual(
      taggedButStandard.invoices.map(() => "Standard schedule"),
    );
    expect(of(call).map((r) => r.stageName)).toEqual(call.invoices.map(() => "Final: 1 day after due"));
  });

  it("Monday: each customer's invoices get their schedule's reminder, written from its stage's template", async () => {
    expect((await turnOn(w.user)).status).toBe(200);
    setClock(localTime("09:01"));
    await planCompany(w.t.ctx, w.user.companyId);
    for (const c of [own, tagged]) {
      expect(keysOf(await decidedFor(c))).toEqual(
        keysOf(
          c.invoices.map((inv) => ({
            invoiceId: String(inv.id),
            stage: firm.stages[0]!.key,
            cycle: firmSlot(inv, todayDay)!.cycle,
          })),
        ),
      );
    }
    for (const c of [taggedButStandard, moved]) {
      expect(keysOf(await decidedFor(c))).toEqual(
        keysOf(c.invoices.map((inv) => ({ invoiceId: String(inv.id), ...firstReminder(inv)! }))),
      );
    }
    expect(await decidedFor(unchased)).toEqual([]);
    expect(keysOf(await decidedFor(call))).toEqual(
      keysOf(
        call.invoices.map((inv) => ({
          invoiceId: String(inv.id),
          stage: callSchedule.stages[0]!.key,
          cycle: 0,
        })),
      ),
    );
    const inv = own.invoices[0]!;
    const mail = await w.t.mailbox.waitFor(inv.email!, new RegExp(`^FIRM ${inv.docNumber}$`));
    expect(mail.html).toContain("Please pay");
    // The log names the stage the way users read it.
    const logged = (await decidedFor(own))[0] as unknown as { stageName: string };
    expect(logged.stageName).toBe("Firm: Every 2 days from 1 day after due");
  });

  it("after a final stage, the invoice needs a call and nothing more goes", async () => {
    const detail = await get(
      `${apiPaths.customers.detail}?realmId=${w.user.realmId}&customerRef=${call.ref}`,
    );
    expect(detail.status).toBe(200);
    const open = detail.json.data.openInvoices as { id: string; needsCall: boolean; nextReminder: unknown }[];
    expect(
      open
        .filter((r) => r.needsCall)
        .map((r) => r.id)
        .sort(),
    ).toEqual(call.invoices.map((inv) => String(inv.id)).sort());
    expect(open.every((r) => r.nextReminder === null)).toBe(true);
    const others = await get(`${apiPaths.customers.detail}?realmId=${w.user.realmId}&customerRef=${own.ref}`);
    expect(others.json.data.openInvoices.some((r: { needsCall: boolean }) => r.needsCall)).toBe(false);
  });

  it("a customer moved mid-way continues from the date reached: no stage twice, none skipped that is due", async () => {
    const res = await post(paths.assignCustomer, {
      companyId: w.user.companyId,
      customerRef: moved.ref,
      schedule: firm.id,
    });
    expect(res.status).toBe(200);
    // Monday's reminders sent at Monday's clock (a send records its day) before the clock moves on.
    await until(async () => (await log()).every((r) => r.status !== "queued"), 20_000, {
      what: "Monday's reminders sent",
      intervalMs: 100,
    });
    const tuesday = todayDay + 1;
    setClock(localTime("09:01", TUESDAY));
    await planCompany(w.t.ctx, w.user.companyId);
    setClock(localTime("11:00", TUESDAY));
    await planCompany(w.t.ctx, w.user.companyId);
    const expected = moved.invoices.flatMap((inv) => {
      const monday = { invoiceId: String(inv.id), ...firstReminder(inv)! };
      const slot = firmSlot(inv, tuesday);
      // Firm's latest slot goes only if it is dated later than the date Monday's reminder served.
      return slot && slot.scheduled > standardScheduled(inv)
        ? [monday, { invoiceId: String(inv.id), stage: firm.stages[0]!.key, cycle: slot.cycle }]
        : [monday];
    });
    expect(expected.length).toBeGreaterThan(moved.invoices.length);
    expect(keysOf(await decidedFor(moved))).toEqual(keysOf(expected));
    // The 'Call' customer's invoices stay at their final notice.
    expect((await decidedFor(call)).length).toBe(call.invoices.length);
    // Firm's own customers: Tuesday's slot only where a new one is dated by Tuesday.
    for (const inv of own.invoices) {
      const rows = (await decidedFor(own)).filter((r) => r.invoiceId === String(inv.id));
      const monday = firmSlot(inv, todayDay)!;
      const next = firmSlot(inv, tuesday)!;
      expect(rows.map((r) => r.cycle).sort()).toEqual(
        next.cycle > monday.cycle ? [monday.cycle, next.cycle] : [monday.cycle],
      );
    }
    expect(dayText(tuesday)).toBe(TUESDAY);
  });

  it("a schedule in use cannot be deleted; the impact counts its customers", async () => {
    const impact = await post(paths.impact, { companyId: w.user.companyId, id: firm.id });
    expect(impact.status).toBe(200);
    // own, moved, and the one tagged 'slow' without a choice of their own.
    expect(impact.json.data.customers).toBe(3);
    const del = await post(paths.delete, { companyId: w.user.companyId, id: firm.id });
    expect(del.status).toBe(409);
  });

  it("a customer no longer chased after the decision: the queued reminder does not go", async () => {
    await w.t.ctx.queue.boss.offWork(SEND_REMINDER);
    let working = false;
    try {
      setClock(localTime("09:01", dayText(todayDay + 2)));
      const before = new Set((await log()).map((r) => r.id));
      await planCompany(w.t.ctx, w.user.companyId);
      const firmRefs = new Set([own, tagged, moved].map((c) => c.ref));
      const refOf = new Map(sampleInvoices().map((inv) => [String(inv.id), String(inv.customerId)]));
      const decided = (await log()).filter((r) => !before.has(r.id));
      const stopped = decided.find((r) => firmRefs.has(refOf.get(r.invoiceId)!))!;
      expect(stopped.status).toBe("queued");
      const res = await post(paths.assignCustomer, {
        companyId: w.user.companyId,
        customerRef: refOf.get(stopped.invoiceId),
        schedule: "none",
      });
      expect(res.status).toBe(200);
      await w.t.ctx.queue.work([SEND_REMINDER]);
      working = true;
      await expect
        .poll(async () => (await log()).filter((r) => !before.has(r.id) && r.status === "queued").length, {
          timeout: 15_000,
        })
        .toBe(0);
      expect((await log()).find((r) => r.id === stopped.id)).toMatchObject({
        status: "cancelled",
        error: "The customer is no longer chased.",
      });
    } finally {
      if (!working) await w.t.ctx.queue.work([SEND_REMINDER]);
    }
  });

  it("day after day, under every kind of stage, the planner's summed-up read decides as the whole history does", async () => {
    const full = await post(paths.save, {
      companyId: w.user.companyId,
      name: "Full",
      stages: [
        { timing: { kind: "before", days: 5 }, template: { type: "before_due_date" } },
        { timing: { kind: "on" }, template: { type: "on_due_date" } },
        { timing: { kind: "after", days: 4 }, template: { type: "after_due_date" } },
        { timing: { kind: "repeat", days: 10, every: 3 }, template: { type: "after_due_date" } },
        { timing: { kind: "final", days: 40 }, template: { type: "after_due_date" } },
      ],
    });
    expect(full.status).toBe(200);
    const taken = new Set([own, tagged, taggedButStandard, unchased, moved, call].map((c) => c.ref));
    const rest = [...new Set(sampleInvoices().map((inv) => String(inv.customerId)))].filter(
      (r) => !taken.has(r),
    );
    for (const [i, ref] of rest.entries()) {
      if (i % 2) continue;
      const res = await post(paths.assignCustomer, {
        companyId: w.user.companyId,
        customerRef: ref,
        schedule: full.json.data.id,
      });
      expect(res.status).toBe(200);
    }
    const ctx = w.t.ctx;
    const id = w.user.companyId;
    let decisions = 0;
    for (let day = todayDay + 3; day <= todayDay + 21; day++) {
      const now = localTime("09:01", dayText(day));
      setClock(now);
      const settings = scheduleSettings((await findSettings(ctx.db, id))!);
      const { today, open } = windowState(settings, now);
      if (!open) continue;
      const paused = pausesByTarget(await activePauses(ctx.db, id, today));
      const held = await holdsOn(ctx.db, id);
      const followed = await followedSchedules(ctx.db, id, settings.followUpInterval);
      const decide = (
        inv: Parameters<typeof reminderInvoice>[0],
        sent: Parameters<typeof dueReminder>[3],
      ) => {
        const stages = followed.scheduleOf(inv.customerRef)?.stages;
        const due = stages && dueReminder(reminderInvoice(inv, paused, held), settings, now, sent, stages);
        return due ? [`${inv.id} ${due.stage} ${due.cycle} ${due.scheduledFor}`] : [];
      };
      const summed = (await invoicesToPlan(ctx.db, id, { today, groups: planGroups(followed) }))
        .flatMap((inv) => decide(inv, sentFromSummary(inv)))
        .sort();
      const sent = historyByInvoice(await reminderHistory(ctx.db, id));
      const whole = (await remindableInvoices(ctx.db, id))
        .flatMap((inv) => decide(inv, sent.get(inv.id) ?? []))
        .sort();
      expect(summed).toEqual(whole);
      decisions += whole.length;
      await planCompany(ctx, id);
      // Sent at this day's clock before the test moves it on (a send records its day).
      await until(async () => (await log()).every((r) => r.status !== "queued"), 20_000, {
        what: "the day's reminders sent",
        intervalMs: 100,
      });
    }
    expect(decisions).toBeGreaterThan(20);
  }, 180_000);
});
