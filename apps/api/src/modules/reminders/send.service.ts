import type { AppContext } from "../../context.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { SEND_ATTEMPTS } from "../../jobs/send-reminder.ts";
import { dateIn } from "../../lib/dates.ts";
import { recordOutbound, type ThreadHeaders, threadHeaders } from "../communications/outbound.service.ts";
import { findTemplate } from "../templates/templates.repository.ts";
import { companyForEmail } from "../templates/templates.service.ts";
import { pauseOn, pausesByTarget } from "./planning.ts";
import { emailInput, outgoingEmail } from "./reminder-email.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import * as repo from "./reminders.repository.ts";
import { renderReminder } from "./render.ts";
import { subscriptionHold } from "./subscription-gate.ts";

/**
 * Why a queued reminder must not go out any more, checked just before sending: the invoice was
 * paid, voided or deleted (a payment synced in the meantime stops it); for automatic reminders
 * also reminders turned off, a pause, or the subscription.
 */
async function stopReason(
  ctx: AppContext,
  r: repo.ReminderRow,
  invoice: repo.InvoiceForReminder | undefined,
) {
  if (!invoice || invoice.deleted) return "The invoice was deleted in QuickBooks.";
  if (invoice.voided) return "The invoice was voided.";
  if (invoice.balanceCents <= 0) return "The invoice was paid.";
  if (r.stage === "manual") return null;
  const settings = await settingsRepo.findSettings(ctx.db, r.companyId);
  if (!settings?.enabled) return "Automatic reminders were turned off.";
  const pauses = await settingsRepo.activePauses(ctx.db, r.companyId, dateIn(settings.timezone, ctx.now()), {
    invoiceIds: [invoice.id],
    customerRefs: [invoice.customerRef],
  });
  if (pauseOn(invoice, pausesByTarget(pauses))) return "Reminders were paused.";
  return (await subscriptionHold(ctx, r.companyId))?.message ?? null;
}

interface Sent {
  rendered: { subject: string; html: string; text: string };
  headers: ThreadHeaders;
  from: string;
}

/** A reminder as its invoice's thread shows it. */
const inThread = (
  r: repo.ReminderRow,
  invoice: repo.InvoiceForReminder,
  sent: Sent | undefined,
  status: "sent" | "failed",
  error: string | null,
  at: Date,
) => ({
  companyId: r.companyId,
  invoiceId: r.invoiceQbId,
  customerRef: invoice.customerRef,
  kind: r.stage === "manual" ? ("manual" as const) : ("automatic" as const),
  status,
  reminderId: r.id,
  messageId: r.messageId,
  headers: sent?.headers ?? {},
  from: sent?.from ?? "",
  to: r.toAddress,
  subject: sent?.rendered.subject ?? r.subject,
  html: sent?.rendered.html ?? r.html ?? "",
  text: sent?.rendered.text ?? "",
  error,
  sentBy: r.sentBy,
  at,
});

/**
 * Sends one reminder of the outbox, then records it sent. A crash between the SMTP server's
 * acceptance and the record sends it again with the same Message-ID; every other crash point
 * sends it once. A failure is recorded and rethrown, so the queue retries with backoff; after the
 * last attempt the reminder stays visible as failed.
 */
export async function deliverReminder(ctx: AppContext, reminderId: string) {
  const r = await repo.findReminder(ctx.db, reminderId);
  if (r?.status !== "queued") return;
  const invoice = await repo.findInvoice(ctx.db, r.companyId, r.invoiceQbId);
  const stop = await stopReason(ctx, r, invoice);
  if (stop || !invoice) {
    await repo.updateReminder(ctx.db, r.id, { status: "cancelled", error: stop });
    return;
  }
  const attempts = await repo.countAttempt(ctx.db, r.id);
  if (attempts === undefined) return;
  let sent: Sent | undefined;
  try {
    if (!ctx.mailer) throw new Error("SMTP_URL is not set: cannot send email");
    const company = await companyForEmail(ctx, r.companyId);
    const template =
      r.html !== null
        ? { subject: r.subject, content: r.html }
        : await findTemplate(ctx.db, r.companyId, r.templateType);
    if (!template) throw new Error(`no ${r.templateType} template`);
    const rendered = renderReminder(emailInput(company, invoice, template, ctx.now(), "inline"));
    const headers = await threadHeaders(ctx, r.companyId, r.invoiceQbId, r.messageId);
    await ctx.mailer.send(outgoingEmail(company, rendered, r.toAddress, r.messageId, headers));
    sent = { rendered, headers, from: `${company.name} <${addressOf(ctx.config.mailFrom)}>` };
    await ctx.db.transaction(async (tx) => {
      await repo.updateReminder(tx, r.id, {
        status: "sent",
        subject: rendered.subject,
        sentAt: ctx.now(),
        error: null,
      });
      await recordOutbound(tx, inThread(r, invoice, sent!, "sent", null, ctx.now()));
    });
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
    const last = attempts >= SEND_ATTEMPTS;
    await repo.updateReminder(ctx.db, r.id, { error, ...(last ? { status: "failed" as const } : {}) });
    // The thread shows a send that failed for good.
    if (last && sent === undefined)
      await recordOutbound(ctx.db, inThread(r, invoice, undefined, "failed", error, ctx.now()));
    if (!last) throw err;
  }
}

/** A send job the queue gave up on (its retries spent, or expired): the reminder shows as failed. */
export async function markUndelivered(ctx: AppContext, reminderId: string) {
  const r = await repo.findReminder(ctx.db, reminderId);
  if (r?.status !== "queued") return;
  await repo.updateReminder(ctx.db, r.id, {
    status: "failed",
    error: r.error ?? "The send job failed after all its attempts.",
  });
}
