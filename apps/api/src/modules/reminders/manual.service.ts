import { randomUUID } from "node:crypto";
import {
  errorCodes,
  type PauseRemindersRequest,
  type ReminderLogRow,
  type ReminderPause,
  type ReminderStageName,
  type SendReminderRequest,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueReminderSend } from "../../jobs/send-reminder.ts";
import { dateIn, utcMonth } from "../../lib/dates.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as pauseRepo from "../pauses/index.ts";
import { customerExists } from "../receivables/index.ts";
import { emailInput, reminderMessageId, stageFor } from "./reminder-email.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import * as repo from "./reminders.repository.ts";
import { renderBody, renderReminder } from "./render.ts";
import { subscriptionHold } from "./subscription-gate.ts";
import { findTemplate } from "./templates.repository.ts";
import { companyForEmail } from "./templates.service.ts";

/** The invoice as it is now; a paid, voided or address-less one cannot be reminded. */
async function remindable(ctx: AppContext, companyId: string, invoiceId: string) {
  const invoice = await repo.findInvoice(ctx.db, companyId, invoiceId);
  if (!invoice || invoice.deleted) throw notFound("No such invoice.");
  const why = invoice.voided
    ? "The invoice is voided."
    : invoice.balanceCents <= 0
      ? "The invoice is paid."
      : !invoice.email
        ? "The invoice has no email address in QuickBooks."
        : null;
  if (why) throw new AppError(409, errorCodes.notRemindable, why);
  return { ...invoice, email: invoice.email! };
}

/**
 * 'Send reminder now': the reminder the invoice would get today (or the stage asked for), rendered
 * with its template. `html` is the body to edit; `email` the whole message as it would go.
 */
export async function reminderDraft(
  ctx: AppContext,
  companyId: string,
  invoiceId: string,
  stage?: ReminderStageName,
) {
  const [invoice, company] = await Promise.all([
    remindable(ctx, companyId, invoiceId),
    companyForEmail(ctx, companyId),
  ]);
  const now = ctx.now();
  const type = stage ?? stageFor(invoice.dueDate, dateIn(company.timezone, now));
  const template = await findTemplate(ctx.db, companyId, type);
  if (!template) throw notFound("Template not found.");
  const input = emailInput(company, invoice, template, now, "data-url");
  const email = renderReminder(input);
  // The body alone (no logo, no signature): the part the user edits before 'Send'.
  const html = renderBody(input);
  return {
    invoiceId,
    to: invoice.email,
    stage: type,
    subject: email.subject,
    html,
    email,
  };
}

/**
 * 'Send': the edited subject and body (sanitised) through the same outbox as automatic reminders,
 * committed with its send job; it counts in the month's usage once sent, and stands in for an
 * automatic reminder on or before its day.
 */
export async function sendManualReminder(
  ctx: AppContext,
  companyId: string,
  userId: string,
  input: SendReminderRequest,
) {
  const held = await subscriptionHold(ctx, companyId);
  if (held) throw new AppError(402, held.code, held.message);
  const invoice = await remindable(ctx, companyId, input.invoiceId);
  const now = ctx.now();
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await settingsRepo.lockCompanyReminders(tx, companyId);
    const cycle = await repo.nextManualCycle(tx, companyId, invoice.id);
    await repo.insertReminders(tx, [
      {
        id,
        companyId,
        invoiceQbId: invoice.id,
        stage: "manual",
        cycle,
        scheduledFor: null,
        templateType: input.stage,
        messageId: reminderMessageId(id, ctx.config.mailFrom),
        toAddress: invoice.email,
        subject: input.subject.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim(),
        html: sanitizeUserHtml(input.html),
        sentBy: userId,
        decidedAt: now,
      },
    ]);
    await enqueueReminderSend(ctx, id, tx);
  });
  return { reminderId: id, status: "queued" as const, to: invoice.email };
}

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
    const invoice = await repo.findInvoice(ctx.db, companyId, t.invoiceId);
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
  const reminders: ReminderLogRow[] = rows.map((r) => ({
    id: r.id,
    invoiceId: r.invoiceQbId,
    stage: r.stage,
    cycle: r.cycle,
    scheduledFor: r.scheduledFor,
    status: r.status,
    to: r.toAddress,
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
  return { month: current, invoicesReminded: await repo.countInvoicesReminded(ctx.db, companyId, from, to) };
}
