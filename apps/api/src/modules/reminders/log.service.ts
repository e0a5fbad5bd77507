/** The reminders log and the month's usage, as the Reminders page shows them. */
import type { ReminderLogRow } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { utcMonth } from "../../lib/dates.ts";
import * as repo from "./reminders.repository.ts";
import { findSchedules } from "./schedules.repository.ts";
import { stageNamer } from "./stage-names.ts";
import * as usageRepo from "./usage.repository.ts";

export async function reminderLog(
  ctx: AppContext,
  companyId: string,
  q: {
    invoiceId?: string | undefined;
    status?: ReminderLogRow["status"] | undefined;
    page: number;
    limit: number;
  },
) {
  const { rows, total } = await repo.reminderLog(ctx.db, {
    companyId,
    ...(q.invoiceId ? { invoiceId: q.invoiceId } : {}),
    ...(q.status ? { status: q.status } : {}),
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
  const stageName = stageNamer(await findSchedules(ctx.db, companyId));
  const reminders: ReminderLogRow[] = rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoiceQbId,
    stage: r.stage,
    stageName: stageName(r.stage),
    cycle: r.cycle,
    scheduledFor: r.scheduledFor,
    status: r.status,
    to: r.toAddress,
    cc: r.ccAddress,
    bcc: r.bccAddress,
    note: r.note,
    subject: r.subject,
    messageId: r.messageId,
    attempts: r.attempts,
    error: r.error,
    decidedAt: r.decidedAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
  }));
  return { reminders, total, page: q.page, limit: q.limit };
}
/** Distinct invoices reminded in a calendar month (UTC): what the plans count. */
export async function monthlyUsage(ctx: AppContext, companyId: string, month?: string) {
  const { month: current, from, to } = utcMonth(month ?? ctx.now());
  return {
    month: current,
    invoicesReminded: await usageRepo.countInvoicesReminded(ctx.db, companyId, from, to),
  };
}
