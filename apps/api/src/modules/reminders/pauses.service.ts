/** A person's pauses: 'Pause reminders' on an invoice or a customer, resuming, and the list of pauses in force. */
import type { PauseRemindersRequest, ReminderPause } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { dateIn } from "../../lib/dates.ts";
import { notFound } from "../../lib/errors.ts";
import * as pauseRepo from "../pauses/index.ts";
import { customerExists } from "../receivables/index.ts";
import * as remindableRepo from "./remindable.repository.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";

const asPause = (p: pauseRepo.PauseRow): ReminderPause => ({
  scope: p.scope,
  invoiceId: p.scope === "invoice" ? p.targetQbId : null,
  customerRef: p.scope === "customer" ? p.targetQbId : null,
  until: p.until,
  reason: p.reason,
  detail: p.detail,
  createdAt: p.createdAt.toISOString(),
});
async function pauseTarget(
  ctx: AppContext,
  companyId: string,
  t: { invoiceId?: string; customerRef?: string },
) {
  if (t.invoiceId) {
    const invoice = await remindableRepo.findInvoice(ctx.db, companyId, t.invoiceId);
    if (!invoice || invoice.deleted) throw notFound("No such invoice.");
    return { scope: "invoice" as const, targetQbId: t.invoiceId };
  }
  if (!(await customerExists(ctx.db, companyId, t.customerRef!))) throw notFound("No such customer.");
  return { scope: "customer" as const, targetQbId: t.customerRef! };
}
/** 'Pause reminders' on an invoice or a customer, until a local date (they resume that day) or resumed. */
export async function pauseReminders(
  ctx: AppContext,
  companyId: string,
  userId: string,
  input: PauseRemindersRequest,
) {
  const target = await pauseTarget(ctx, companyId, input);
  const row = await pauseRepo.upsertPause(ctx.db, {
    companyId,
    ...target,
    until: input.until ?? null,
    createdBy: userId,
  });
  return asPause(row);
}
export async function resumeReminders(
  ctx: AppContext,
  companyId: string,
  t: { invoiceId?: string; customerRef?: string },
) {
  const target = await pauseTarget(ctx, companyId, t);
  return { resumed: await pauseRepo.deletePause(ctx.db, companyId, target.scope, target.targetQbId) };
}
export async function listPauses(
  ctx: AppContext,
  companyId: string,
  t: { invoiceId?: string; customerRef?: string },
) {
  const { timezone } = (await settingsRepo.findSettings(ctx.db, companyId))!;
  const targets =
    t.invoiceId || t.customerRef
      ? { invoiceIds: t.invoiceId ? [t.invoiceId] : [], customerRefs: t.customerRef ? [t.customerRef] : [] }
      : undefined;
  const rows = await pauseRepo.activePauses(ctx.db, companyId, dateIn(timezone, ctx.now()), targets);
  return rows.map(asPause);
}
