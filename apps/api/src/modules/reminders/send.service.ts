import type { AppContext } from "../../context.ts";
import { crashPoint } from "../../db/job-queue.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { SEND_ATTEMPTS } from "../../jobs/send-reminder.ts";
import { recordOutbound } from "../communications/index.ts";
import { mintCustomerLinks } from "../customer-links/index.ts";
import { recipientsNow } from "./recipient-reads.ts";
import { mergeRecipients, noRecipientReason, type Recipients } from "./recipients.ts";
import type * as remindableRepo from "./remindable.repository.ts";
import { emailInput, outgoingEmail } from "./reminder-email.ts";
import * as repo from "./reminders.repository.ts";
import { renderReminder } from "./render.ts";
import { type CompanyReads, chosenRecipients, companyReads, stopReason } from "./send-reads.ts";
import { inThread, recordSent, type Sent } from "./send-records.ts";

/** A reminder going out: its row, its invoice, and whom the rules give it to. */
interface Going {
  r: repo.ReminderRow;
  invoice: remindableRepo.InvoiceForReminder;
  to: Recipients;
}
/**
 * Sends reminders of the outbox, each then recorded sent. A customer's reminders grouped by the
 * planner (decision 0021) go as one email: the group's rows still queued and still due, with
 * their recipients merged. A crash between the SMTP server's acceptance and the record sends it
 * again with the same Message-ID; every other crash point sends it once. What the reminders share
 * (their invoices, the company's settings, pauses, templates) is read once for all of them; each
 * email is then sent and recorded on its own, all at once over the pooled transport. Answers each
 * one's error, in order: a failure is recorded and answered, so the queue retries that one with
 * backoff; after the last attempt the reminder stays visible as failed and nothing is answered.
 */
export async function deliverReminders(ctx: AppContext, reminderIds: readonly string[]): Promise<unknown[]> {
  const errors = new Map<string, unknown>();
  const queued = (await repo.findReminders(ctx.db, [...new Set(reminderIds)])).filter(
    (r) => r.status === "queued",
  );
  const toSend: { group: Going[]; reads: CompanyReads; to: Recipients }[] = [];
  const byCompany = new Map<string, repo.ReminderRow[]>();
  for (const r of queued) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
  for (const [companyId, batch] of byCompany) {
    const reads = await companyReads(ctx, companyId, batch);
    const going: { r: repo.ReminderRow; invoice: remindableRepo.InvoiceForReminder }[] = [];
    for (const r of batch) {
      const invoice = reads.invoices.get(r.invoiceQbId);
      // A paid (or paused...) invoice of a group is cancelled and left out of the group's email.
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
    const groups = new Map<string, Going[]>();
    for (const [i, g] of going.entries()) {
      const key = g.r.groupId ?? g.r.id;
      groups.set(key, [...(groups.get(key) ?? []), { ...g, to: recipients[i]! }]);
    }
    for (const group of groups.values()) {
      const to = group.length === 1 ? group[0]!.to : mergeRecipients(group.map((g) => g.to));
      if (to.to.length > 0) toSend.push({ group, reads, to });
      else
        for (const { r } of group)
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
          toSend.flatMap(({ group }) => group.map(({ r }) => r.id)),
        )
      : new Map<string, number>();
  // Rows another job sent meanwhile are no longer queued: left out.
  const emails = toSend.flatMap(({ group, reads, to }) => {
    const still = group.filter(({ r }) => attempts.has(r.id));
    return still.length > 0 ? [{ still, reads, to, lead: mostOverdue(still) }] : [];
  });
  // Each email's link to its customer's page (the reminder's id: the same link if sent again).
  const links = await mintCustomerLinks(
    ctx,
    emails.map(({ lead: { r, invoice } }) => ({
      target: { companyId: r.companyId, customerQbId: invoice.customerRef, invoiceQbId: invoice.id },
      id: r.id,
    })),
  );
  await Promise.all(
    emails.map(async ({ still, reads, to, lead }, i) => {
      const attempt = Math.max(...still.map(({ r }) => attempts.get(r.id)!));
      const error = await sendOne(ctx, { group: still, lead, paymentLink: links[i]! }, reads, to, attempt);
      if (error !== undefined) for (const { r } of still) errors.set(r.id, error);
    }),
  );
  return reminderIds.map((id) => errors.get(id));
}
/** The invoice a combined reminder is written for: the most overdue (earliest due date), then the first decided. */
function mostOverdue(group: readonly Going[]): Going {
  return [...group].sort(
    (a, b) =>
      (a.invoice.dueDate ?? "9999").localeCompare(b.invoice.dueDate ?? "9999") ||
      a.r.id.localeCompare(b.r.id),
  )[0]!;
}
/**
 * Sent as the company when its domain is verified (decision 0022): From its address, DKIM-signed,
 * the Message-ID on its domain (written to the group's reminders before the send, so a repeated
 * send is the same message); `Auto-Submitted: auto-generated` on automatic reminders, never on a
 * person's own send.
 */
async function sendOne(
  ctx: AppContext,
  email: { group: readonly Going[]; lead: Going; paymentLink: string },
  reads: CompanyReads,
  recipients: Recipients,
  attempts: number,
): Promise<unknown> {
  let sent: Sent | undefined;
  let { group } = email;
  const { lead, paymentLink } = email;
  const { invoice } = lead;
  let r = lead.r;
  try {
    if (!ctx.mailer) throw new Error("SMTP_URL is not set: cannot send email");
    const as = await reads.sendingAs();
    if (as && r.messageId && !r.messageId.endsWith(`@${as.domain}>`)) {
      const messageId = r.messageId.replace(/@[^@>]*>$/, `@${as.domain}>`);
      for (const g of group) await repo.updateReminder(ctx.db, g.r.id, { messageId });
      group = group.map((g) => ({ ...g, r: { ...g.r, messageId } }));
      r = { ...r, messageId };
    }
    const { company, templates, attachPdf } = await reads.email();
    const template =
      r.html !== null ? { subject: r.subject, content: r.html } : templates.get(r.templateType);
    if (!template) throw new Error(`no ${r.templateType} template`);
    // The table lists the group's invoices, the most overdue first.
    const listed = [lead, ...group.filter((g) => g !== lead)].map((g) => g.invoice);
    const input = emailInput(company, invoice, template, ctx.now(), "inline", listed);
    const rendered = renderReminder({ ...input, paymentLink });
    const headers = reads.threads.get(r.invoiceQbId) ?? {};
    const pdfs = attachPdf
      ? await Promise.all(listed.map((i) => reads.invoicePdf(i)))
      : [{ files: [], note: null }];
    const files = pdfs.flatMap((p) => p.files);
    const pdfNote =
      pdfs
        .map((p) => p.note)
        .filter(Boolean)
        .join(" ") || null;
    crashPoint("send-before-smtp");
    const { to, cc, bcc } = recipients;
    await ctx.mailer.send({
      ...outgoingEmail(company, rendered, to.join(", "), r.messageId, headers),
      ...(cc.length ? { cc: cc.join(", ") } : {}),
      ...(bcc.length ? { bcc: bcc.join(", ") } : {}),
      ...(files.length ? { attachments: files } : {}),
      ...(as ? { sendAs: { address: as.address, dkim: as.dkim } } : {}),
      ...(r.stage !== "manual" ? { autoGenerated: true } : {}),
      kind: "reminder",
    });
    sent = {
      rendered,
      headers,
      from: `${company.name} <${as ? as.address : addressOf(ctx.config.mailFrom)}>`,
      attachments: files.map((f) => ({
        filename: f.filename,
        contentType: f.contentType,
        size: f.content.length,
      })),
      note: pdfNote,
      recipients,
    };
    crashPoint("send-after-smtp");
    // Recorded sent, and in each invoice's thread, in one transaction (with others sent meanwhile).
    const done = sent;
    const at = ctx.now();
    await recordSent(
      ctx,
      group.map((g) => ({
        sent: {
          id: g.r.id,
          subject: rendered.subject,
          sentAt: at,
          to: to.join(", "),
          cc: cc.join(", "),
          bcc: bcc.join(", "),
          note: recipients.notSent.join(" ") || null,
        },
        thread: inThread(g.r, g.invoice, done, "sent", null, at),
      })),
    );
    crashPoint("send-after-record");
    return undefined;
  } catch (err) {
    const error = err instanceof Error ? err.message.slice(0, 500) : String(err);
    const last = attempts >= SEND_ATTEMPTS;
    for (const g of group)
      await repo.updateReminder(ctx.db, g.r.id, { error, ...(last ? { status: "failed" as const } : {}) });
    // The thread shows a send that failed for good.
    if (last && sent === undefined)
      await recordOutbound(
        ctx.db,
        group.map((g) => inThread(g.r, g.invoice, undefined, "failed", error, ctx.now())),
      );
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
