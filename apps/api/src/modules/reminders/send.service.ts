import type { AppContext } from "../../context.ts";
import { crashPoint } from "../../db/job-queue.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { SEND_ATTEMPTS } from "../../jobs/send-reminder.ts";
import { recordOutbound } from "../communications/index.ts";
import { mintCustomerLink } from "../customer-links/index.ts";
import { recipientsNow } from "./recipient-reads.ts";
import { noRecipientReason, type Recipients } from "./recipients.ts";
import type * as remindableRepo from "./remindable.repository.ts";
import { emailInput, outgoingEmail } from "./reminder-email.ts";
import * as repo from "./reminders.repository.ts";
import { renderReminder } from "./render.ts";
import { type CompanyReads, chosenRecipients, companyReads, stopReason } from "./send-reads.ts";
import { inThread, recordSent, type Sent } from "./send-records.ts";

/**
 * Sends reminders of the outbox, each then recorded sent. A crash between the SMTP server's
 * acceptance and the record sends it again with the same Message-ID; every other crash point
 * sends it once. What the reminders share (their invoices, the company's settings, pauses,
 * templates) is read once for all of them; each is then sent and recorded on its own, all at
 * once over the pooled transport. Answers each one's error, in order: a failure is recorded and
 * answered, so the queue retries that one with backoff; after the last attempt the reminder stays
 * visible as failed and nothing is answered.
 */
export async function deliverReminders(ctx: AppContext, reminderIds: readonly string[]): Promise<unknown[]> {
  const errors = new Map<string, unknown>();
  const queued = (await repo.findReminders(ctx.db, [...new Set(reminderIds)])).filter(
    (r) => r.status === "queued",
  );
  const toSend: {
    r: repo.ReminderRow;
    invoice: remindableRepo.InvoiceForReminder;
    reads: CompanyReads;
    to: Recipients;
  }[] = [];
  const byCompany = new Map<string, repo.ReminderRow[]>();
  for (const r of queued) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
  for (const [companyId, batch] of byCompany) {
    const reads = await companyReads(ctx, companyId, batch);
    const going: { r: repo.ReminderRow; invoice: remindableRepo.InvoiceForReminder }[] = [];
    for (const r of batch) {
      const invoice = reads.invoices.get(r.invoiceQbId);
      const stop = stopReason(r, invoice, reads);
      if (stop || !invoice) await repo.updateReminder(ctx.db, r.id, { status: "cancelled", error: stop });
      else going.push({ r, invoice });
    }
    // Who gets each one is decided now: contacts and bounces may have changed since the decision.
    const recipients = await recipientsNow(
      ctx,
      ctx.db,
      companyId,
      going.map(({ r, invoice }) => ({ invoice, chosen: chosenRecipients(r) })),
    );
    for (const [i, { r, invoice }] of going.entries()) {
      const to = recipients[i]!;
      if (to.to.length > 0) toSend.push({ r, invoice, reads, to });
      else
        await repo.updateReminder(ctx.db, r.id, {
          status: "cancelled",
          error: noRecipientReason(to),
          note: to.notSent.join(" ") || null,
        });
    }
  }
  // Counted before the SMTP calls, so a crash mid-send still counts.
  const attempts =
    toSend.length > 0
      ? await repo.countAttempts(
          ctx.db,
          toSend.map(({ r }) => r.id),
        )
      : new Map();
  await Promise.all(
    toSend.map(async ({ r, invoice, reads, to }) => {
      const attempt = attempts.get(r.id);
      if (attempt === undefined) return;
      const error = await sendOne(ctx, r, invoice, reads, to, attempt);
      if (error !== undefined) errors.set(r.id, error);
    }),
  );
  return reminderIds.map((id) => errors.get(id));
}
async function sendOne(
  ctx: AppContext,
  r: repo.ReminderRow,
  invoice: remindableRepo.InvoiceForReminder,
  reads: CompanyReads,
  recipients: Recipients,
  attempts: number,
): Promise<unknown> {
  let sent: Sent | undefined;
  try {
    if (!ctx.mailer) throw new Error("SMTP_URL is not set: cannot send email");
    const { company, templates, attachPdf } = await reads.email();
    const template =
      r.html !== null ? { subject: r.subject, content: r.html } : templates.get(r.templateType);
    if (!template) throw new Error(`no ${r.templateType} template`);
    const paymentLink = await mintCustomerLink(
      ctx,
      { companyId: r.companyId, customerQbId: invoice.customerRef, invoiceQbId: invoice.id },
      { id: r.id },
    );
    const input = emailInput(company, invoice, template, ctx.now(), "inline");
    const rendered = renderReminder({ ...input, paymentLink });
    const headers = reads.threads.get(r.invoiceQbId) ?? {};
    const pdf = attachPdf ? await reads.invoicePdf(invoice) : { files: [], note: null };
    crashPoint("send-before-smtp");
    const { to, cc, bcc } = recipients;
    await ctx.mailer.send({
      ...outgoingEmail(company, rendered, to.join(", "), r.messageId, headers),
      ...(cc.length ? { cc: cc.join(", ") } : {}),
      ...(bcc.length ? { bcc: bcc.join(", ") } : {}),
      ...(pdf.files.length ? { attachments: pdf.files } : {}),
    });
    sent = {
      rendered,
      headers,
      from: `${company.name} <${addressOf(ctx.config.mailFrom)}>`,
      attachments: pdf.files.map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        size: f.content.length,
      })),
      note: pdf.note,
      recipients,
    };
    crashPoint("send-after-smtp");
    // Recorded sent, and in the invoice's thread, in the same transaction as the group's others.
    await recordSent(ctx, {
      sent: {
        id: r.id,
        subject: rendered.subject,
        sentAt: ctx.now(),
        to: to.join(", "),
        cc: cc.join(", "),
        bcc: bcc.join(", "),
        note: recipients.notSent.join(" ") || null,
      },
      thread: inThread(r, invoice, sent, "sent", null, ctx.now()),
    });
    crashPoint("send-after-record");
    return undefined;
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
    const last = attempts >= SEND_ATTEMPTS;
    await repo.updateReminder(ctx.db, r.id, { error, ...(last ? { status: "failed" as const } : {}) });
    // The thread shows a send that failed for good.
    if (last && sent === undefined)
      await recordOutbound(ctx.db, [inThread(r, invoice, undefined, "failed", error, ctx.now())]);
    return last ? undefined : err;
  }
}
/**
 * A send job's reminders (see `deliverReminders`). When any will be retried, throws (the first
 * one's error, with how many failed), and the queue retries the job whole with backoff: what was
 * sent meanwhile is skipped then, and each reminder counts its own attempts.
 */
export async function deliverBatch(ctx: AppContext, reminderIds: readonly string[]): Promise<void> {
  const failed = (await deliverReminders(ctx, reminderIds)).filter((e) => e !== undefined);
  if (failed.length === 0) return;
  const first = failed[0] instanceof Error ? failed[0] : new Error(String(failed[0]));
  if (failed.length === 1) throw first;
  throw new Error(`${failed.length} of ${reminderIds.length} reminders were not sent: ${first.message}`);
}
/** A send job the queue gave up on (its retries spent, or expired): its unsent reminders show as failed. */
export async function markUndelivered(ctx: AppContext, reminderIds: readonly string[]) {
  for (const r of await repo.findReminders(ctx.db, [...reminderIds])) {
    if (r.status !== "queued") continue;
    await repo.updateReminder(ctx.db, r.id, {
      status: "failed",
      error: r.error ?? "The send job failed after all its attempts.",
    });
  }
}
