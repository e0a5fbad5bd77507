import type { InvoiceRow } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { dateIn } from "../../lib/dates.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { loadSettings } from "./load-settings.ts";
import { pauseOn, pausesByTarget, scheduleSettings } from "./planning.ts";
import { lastSent } from "./reminders.repository.ts";
import { nextReminders } from "./schedule.ts";
import { needsACall } from "./stages.ts";
import { planningInputs } from "./upcoming.service.ts";

/**
 * The invoice rows' reminder columns: the latest reminder sent, the next one the schedule plans
 * within 14 days (while reminders are on), the pause in force, and the open promise and dispute.
 */
export async function withReminderColumns(ctx: AppContext, companyId: string, rows: InvoiceRow[]) {
  if (rows.length === 0) return rows;
  const s = await loadSettings(ctx, companyId);
  const now = ctx.now();
  const today = dateIn(s.timezone, now);
  const ids = rows.map((r) => r.id);
  const [last, held, pauses, planning] = await Promise.all([
    lastSent(ctx.db, companyId, ids),
    holds.holdsOn(ctx.db, companyId, ids),
    pauseRepo.activePauses(ctx.db, companyId, today, {
      invoiceIds: ids,
      customerRefs: [...new Set(rows.map((r) => r.customerRef))],
    }),
    planningInputs(
      ctx,
      s,
      today,
      ids.filter((_, i) => rows[i]!.balanceCents > 0),
    ),
  ]);
  const lastBy = new Map(last.map((l) => [l.invoiceId, l]));
  const paused = pausesByTarget(pauses);
  const settings = scheduleSettings(s);
  const plans = new Map(
    planning.rows.map(({ inv, follows, schedule, sent }) => [
      inv.id,
      {
        next: s.enabled ? nextReminders(schedule, settings, now, sent, 14, follows.stages)[0] : undefined,
        needsCall: needsACall(follows.stages, new Set(sent.map((r) => `${r.stage}:${r.cycle}`))),
      },
    ]),
  );
  return rows.map((row) => {
    const l = lastBy.get(row.id);
    const plan = plans.get(row.id);
    const next = plan?.next;
    return {
      ...row,
      lastReminder: l?.sentAt
        ? { stage: l.stage, label: planning.stageName(l.stage), sentAt: l.sentAt.toISOString() }
        : null,
      nextReminder: next
        ? { stage: next.stage, label: planning.stageName(next.stage), date: next.date }
        : null,
      needsCall: plan?.needsCall ?? false,
      remindersPaused: pauseOn(row, paused),
      ...holds.holdBadges(held, row, today),
    };
  });
}
