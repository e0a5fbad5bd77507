import { randomUUID } from "node:crypto";
import { errorCodes, type ReminderStageName, type SendReminderRequest } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueReminderSend } from "../../jobs/send-reminder.ts";
import { dateIn } from "../../lib/dates.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import * as decisionsRepo from "./decisions.repository.ts";
import { recipientsNow } from "./recipient-reads.ts";
import { noRecipientReason } from "./recipients.ts";
import * as remindableRepo from "./remindable.repository.ts";
import { emailInput, reminderMessageId, stageFor } from "./reminder-email.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import { renderBody, renderReminder } from "./render.ts";
import { subscriptionHold } from "./subscription-gate.ts";
import { findTemplate } from "./templates.repository.ts";
import { companyForEmail } from "./templates.service.ts";

/** The invoice as it is now; a paid, voided or address-less one cannot be reminded. */
async function remindable(ctx: AppContext, companyId: string, invoiceId: string) {
  const invoice = await remindableRepo.findInvoice(ctx.db, companyId, invoiceId);
  if (!invoice || invoice.deleted) throw notFound("No such invoice.");
  const why = invoice.voided
    ? "The invoice is voided."
    : invoice.balanceCents <= 0
      ? "The invoice is paid."
      : !invoice.email
        ? "The invoice has no email address in QuickBooks, and the customer no billing contact."
        : null;
  if (why) throw new AppError(409, errorCodes.notRemindable, why);
  return { ...invoice, email: invoice.email! };
}
/** Whom it goes to now (the rules, or the user's To and CC); none usable cannot be sent. */
async function recipientsOf(
  ctx: AppContext,
  companyId: string,
  invoice: remindableRepo.InvoiceForReminder,
  chosen?: { to: string[]; cc: string[] },
) {
  const [recipients] = await recipientsNow(ctx, ctx.db, companyId, [{ invoice, chosen }]);
  if (!recipients?.to.length)
    throw new AppError(409, errorCodes.notRemindable, noRecipientReason(recipients ?? emptyRecipients));
  return recipients;
}
const emptyRecipients = { to: [], cc: [], bcc: [], notSent: [] };
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
  const recipients = await recipientsOf(ctx, companyId, invoice);
  const now = ctx.now();
  const type = stage ?? stageFor(invoice.dueDate, dateIn(company.timezone, now));
  const template = await findTemplate(ctx.db, companyId, type);
  if (!template) throw notFound("Template not found.");
  const input = emailInput(company, invoice, template, now, "data-url");
  // The whole email as it would go, with an example link; the body keeps `{payment_link}`, filled
  // with the email's own link when it is sent.
  const email = renderReminder({ ...input, paymentLink: `${ctx.config.appUrl}/pay/example` });
  // The body alone (no logo, no signature): the part the user edits before 'Send'.
  const html = renderBody(input);
  return {
    invoiceId,
    to: recipients.to.join(", "),
    cc: recipients.cc,
    notSent: recipients.notSent,
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
  // The user's To and CC, when given, stand for this send (bounced ones are still left out when it goes).
  const rules = await recipientsOf(ctx, companyId, invoice);
  const chosen = input.to || input.cc ? { to: input.to ?? rules.to, cc: input.cc ?? rules.cc } : undefined;
  const recipients = chosen ? await recipientsOf(ctx, companyId, invoice, chosen) : rules;
  const now = ctx.now();
  const id = randomUUID();
  await ctx.db.transaction(async (tx) => {
    await settingsRepo.lockCompanyReminders(tx, companyId);
    const cycle = await decisionsRepo.nextManualCycle(tx, companyId, invoice.id);
    await decisionsRepo.insertReminders(tx, [
      {
        id,
        companyId,
        invoiceQbId: invoice.id,
        stage: "manual",
        cycle,
        scheduledFor: null,
        templateType: input.stage,
        messageId: reminderMessageId(id, ctx.config.mailFrom),
        toAddress: recipients.to.join(", "),
        ccAddress: recipients.cc.join(", "),
        chosenRecipients: chosen !== undefined,
        subject: input.subject.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim(),
        html: sanitizeUserHtml(input.html),
        sentBy: userId,
        decidedAt: now,
      },
    ]);
    await enqueueReminderSend(ctx, id, tx);
  });
  return {
    reminderId: id,
    status: "queued" as const,
    to: recipients.to.join(", "),
    cc: recipients.cc,
    notSent: recipients.notSent,
  };
}
