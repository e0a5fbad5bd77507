import { randomBytes } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { crashPoint } from "../../db/job-queue.ts";
import { enqueuePlan } from "../../jobs/reminder-plan.ts";
import { enqueueReminderSends, SEND_BATCH_SIZE } from "../../jobs/send-reminder.ts";
import { dateIn } from "../../lib/dates.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { combineDecisions } from "./combine.ts";
import * as decisionsRepo from "./decisions.repository.ts";
import { followedSchedules, planGroups } from "./followed-schedules.ts";
import { ensureFreshData, isFresh } from "./freshness.ts";
import * as historyRepo from "./history.repository.ts";
import { pausesByTarget, reminderInvoice, scheduleSettings, sentFromSummary } from "./planning.ts";
import { reminderMessageId } from "./reminder-email.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import { dueReminder } from "./schedule.ts";
import { windowState } from "./send-window.ts";
import { subscriptionHold, withinUsageLimit } from "./subscription-gate.ts";

/** The cron run: one planning job for each company with reminders on and its window open now. */
export async function planAll(ctx: AppContext) {
  const now = ctx.now();
  let queued = 0;
  for (const s of await settingsRepo.enabledCompanies(ctx.db)) {
    if (!windowState(scheduleSettings(s), now).open) continue;
    await enqueuePlan(ctx, s.companyId);
    queued++;
  }
  return { queued };
}
export type PlanOutcome =
  | { outcome: "skipped"; reason: "off" | "window closed" | "sync running" }
  | { outcome: "blocked"; reason: string }
  | { outcome: "planned"; decided: number; synced: boolean };
/**
 * One company's planning run, safe to repeat at any moment:
 * 1. nothing to do while reminders are off or the window is closed;
 * 2. data older than 15 minutes: a dry run of the schedule first; with nothing due, nothing else
 *    happens (no sync); something due: an incremental sync first; if it fails nothing is sent and
 *    the reason is recorded for the settings and the dashboard;
 * 3. in one transaction, under the company's lock: the decisions on the fresh data, inserted on
 *    their unique key (a decision already taken is skipped) with their send jobs.
 * With fresh data the dry run would read the same rows as step 3 for nothing: it is skipped.
 */
export async function planCompany(ctx: AppContext, companyId: string): Promise<PlanOutcome> {
  const outcome = await planOnce(ctx, companyId);
  ctx.metrics.planningRuns.inc({ outcome: outcome.outcome });
  if (outcome.outcome === "planned") ctx.metrics.remindersPlanned.inc(outcome.decided);
  return outcome;
}

async function planOnce(ctx: AppContext, companyId: string): Promise<PlanOutcome> {
  const now = ctx.now();
  const s = await settingsRepo.findSettings(ctx.db, companyId);
  if (!s?.enabled) return { outcome: "skipped", reason: "off" };
  const settings = scheduleSettings(s);
  if (!windowState(settings, now).open) return { outcome: "skipped", reason: "window closed" };
  const held = await subscriptionHold(ctx, companyId);
  if (held) return block(ctx, companyId, held.message);
  const state = await settingsRepo.findSyncState(ctx.db, companyId);
  let synced = false;
  if (!isFresh(state)) {
    if ((await decide(ctx, ctx.db, s, now)).length === 0) {
      await settingsRepo.recordPlanning(ctx.db, companyId, { blockedReason: null, at: now, planned: true });
      return { outcome: "planned", decided: 0, synced: false };
    }
    const fresh = await ensureFreshData(ctx, companyId, state);
    if (fresh.outcome !== "fresh")
      return fresh.outcome === "blocked" ? block(ctx, companyId, fresh.reason) : fresh;
    synced = fresh.synced;
  }
  const decided = await ctx.db.transaction(async (tx) => {
    await settingsRepo.lockCompanyReminders(tx, companyId);
    const again = await settingsRepo.findSettings(tx, companyId);
    if (!again?.enabled) return 0;
    // A plan with a monthly limit takes new invoices only while it has room (the rest wait).
    const allowed = await withinUsageLimit(ctx, tx, companyId, await decide(ctx, tx, again, now));
    // A customer's decisions go as one email (decision 0021): grouped here, so a retried send
    // finds the same group and Message-ID. Without combining, each is its own group.
    const { rows, groups } = again.combineReminders
      ? combineDecisions(allowed, (id) => reminderMessageId(id, ctx.config.mailFrom), SEND_BATCH_SIZE)
      : { rows: allowed, groups: allowed.map((r) => [r.id]) };
    const inserted = new Set((await decisionsRepo.insertDecisions(tx, rows)).map(({ id }) => id));
    // A promise whose 'Missed Promise' is decided (now, or before: the key was taken) is missed.
    const missed = rows.filter((r) => r.stage === "missed_promise").map((r) => r.invoiceQbId);
    await holds.markMissed(tx, companyId, missed, now);
    // A decision already taken (its key was) is not sent again; a group's others go together.
    await enqueueReminderSends(
      ctx,
      groups.map((g) => g.filter((id) => inserted.has(id))),
      tx,
    );
    await settingsRepo.recordPlanning(tx, companyId, { blockedReason: null, at: now, planned: true });
    crashPoint("plan-before-commit");
    return inserted.size;
  });
  return { outcome: "planned", decided, synced };
}
/**
 * The reminders due now for the company's open invoices, as outbox rows, each by the schedule its
 * customer follows now: one read of the invoices with their history summed up (`invoicesToPlan`),
 * the schedules, the pauses in force, and the open promises and disputes.
 */
async function decide(
  ctx: AppContext,
  db: Parameters<typeof historyRepo.invoicesToPlan>[0],
  s: settingsRepo.SettingsRow,
  now: Date,
): Promise<(decisionsRepo.Decision & { customerRef: string })[]> {
  const { companyId } = s;
  const settings = scheduleSettings(s);
  // One after another: inside the transaction they share one connection.
  const today = windowState(settings, now).today;
  const followed = await followedSchedules(db, companyId, settings.followUpInterval);
  const invoices = await historyRepo.invoicesToPlan(db, companyId, { today, groups: planGroups(followed) });
  const pauses = await pauseRepo.activePauses(db, companyId, dateIn(s.timezone, now));
  const paused = pausesByTarget(pauses);
  const held = await holds.holdsOn(db, companyId);
  const rows: (decisionsRepo.Decision & { customerRef: string })[] = [];
  for (const inv of invoices) {
    // The schedule the customer follows now (the read left out customers not chased).
    const stages = followed.scheduleOf(inv.customerRef)?.stages;
    if (!stages) continue;
    const due = dueReminder(reminderInvoice(inv, paused, held), settings, now, sentFromSummary(inv), stages);
    if (!due) continue;
    const id = timeOrderedId();
    rows.push({
      id,
      companyId,
      invoiceQbId: inv.id,
      stage: due.stage,
      cycle: due.cycle,
      scheduledFor: due.scheduledFor,
      templateType: due.stage,
      messageId: reminderMessageId(id, ctx.config.mailFrom),
      groupId: null,
      customerRef: inv.customerRef,
      toAddress: inv.email!,
      decidedAt: now,
    });
  }
  return rows;
}
/**
 * A UUID of version 7 (RFC 9562): milliseconds since 1970 in its first 48 bits, then random bits.
 * A day's decisions land at the end of the outbox's primary-key index instead of all over it.
 */
export function timeOrderedId(now = Date.now()): string {
  const b = randomBytes(16);
  b.writeUIntBE(now, 0, 6);
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = b.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
async function block(ctx: AppContext, companyId: string, reason: string): Promise<PlanOutcome> {
  await settingsRepo.recordPlanning(ctx.db, companyId, {
    blockedReason: reason,
    at: ctx.now(),
    planned: false,
  });
  return { outcome: "blocked", reason };
}
