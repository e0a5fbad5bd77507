import type { TemplateType } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { crashPoint } from "../../db/job-queue.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { SEND_ATTEMPTS } from "../../jobs/send-reminder.ts";
import { dateIn } from "../../lib/dates.ts";
import {
  type OutboundMessage,
  recordOutbound,
  type ThreadHeaders,
  threadHeaders,
} from "../communications/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { type Pauses, pauseOn, pausesByTarget } from "./planning.ts";
import { emailInput, outgoingEmail } from "./reminder-email.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import * as repo from "./reminders.repository.ts";
import { renderReminder } from "./render.ts";
import { subscriptionHold } from "./subscription-gate.ts";
import { findTemplates } from "./templates.repository.ts";
import { companyForEmail } from "./templates.service.ts";

/** What the reminders of one company in a batch share, read once for all of them. */
interface CompanyReads {
  invoices: Map<string, repo.InvoiceForReminder>;
  /** For automatic reminders: reminders on, the pauses, and why the subscription holds them (or null). */
  automatic: { settings: settingsRepo.SettingsRow | undefined; pauses: Pauses; hold: string | null } | null;
  /** Each invoice's reply address and the thread message a new email answers. */
  threads: Map<string, ThreadHeaders>;
  /** The company as emails show it and its templates, read when the first of them is sent. */
  email(): Promise<{
    company: Awaited<ReturnType<typeof companyForEmail>>;
    templates: Map<TemplateType, { subject: string; content: string }>;
  }>;
}

async function companyReads(ctx: AppContext, companyId: string, batch: repo.ReminderRow[]) {
  const invoices = await repo.findInvoices(
    ctx.db,
    companyId,
    batch.map((r) => r.invoiceQbId),
  );
  let automatic: CompanyReads["automatic"] = null;
  if (batch.some((r) => r.stage !== "manual")) {
    const settings = await settingsRepo.findSettings(ctx.db, companyId);
    const pauses = settings
      ? await pauseRepo.activePauses(ctx.db, companyId, dateIn(settings.timezone, ctx.now()), {
          invoiceIds: invoices.map((i) => i.id),
          customerRefs: invoices.map((i) => i.customerRef),
        })
      : [];
    automatic = {
      settings,
      pauses: pausesByTarget(pauses),
      hold: (await subscriptionHold(ctx, companyId))?.message ?? null,
    };
  }
  const threads = await threadHeaders(
    ctx,
    companyId,
    invoices.map((i) => i.id),
    batch.map((r) => r.messageId),
  );
  let email: ReturnType<CompanyReads["email"]> | undefined;
  return {
    invoices: new Map(invoices.map((i) => [i.id, i])),
    automatic,
    threads,
    email: () => {
      email ??= Promise.all([companyForEmail(ctx, companyId), findTemplates(ctx.db, companyId)]).then(
        ([company, templates]) => ({ company, templates: new Map(templates.map((t) => [t.type, t])) }),
      );
      return email;
    },
  } satisfies CompanyReads;
}

/**
 * Why a queued reminder must not go out any more, checked just before sending: the invoice was
 * paid, voided or deleted (a payment synced in the meantime stops it); for automatic reminders
 * also reminders turned off, a pause, or the subscription.
 */
function stopReason(r: repo.ReminderRow, invoice: repo.InvoiceForReminder | undefined, reads: CompanyReads) {
  if (!invoice || invoice.deleted) return "The invoice was deleted in QuickBooks.";
  if (invoice.voided) return "The invoice was voided.";
  if (invoice.balanceCents <= 0) return "The invoice was paid.";
  if (r.stage === "manual" || !reads.automatic) return null;
  if (!reads.automatic.settings?.enabled) return "Automatic reminders were turned off.";
  if (pauseOn(invoice, reads.automatic.pauses)) return "Reminders were paused.";
  return reads.automatic.hold;
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
  const toSend: { r: repo.ReminderRow; invoice: repo.InvoiceForReminder; reads: CompanyReads }[] = [];
  const byCompany = new Map<string, repo.ReminderRow[]>();
  for (const r of queued) byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r]);
  for (const [companyId, batch] of byCompany) {
    const reads = await companyReads(ctx, companyId, batch);
    for (const r of batch) {
      const invoice = reads.invoices.get(r.invoiceQbId);
      const stop = stopReason(r, invoice, reads);
      if (stop || !invoice) await repo.updateReminder(ctx.db, r.id, { status: "cancelled", error: stop });
      else toSend.push({ r, invoice, reads });
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
    toSend.map(async ({ r, invoice, reads }) => {
      const attempt = attempts.get(r.id);
      if (attempt === undefined) return;
      const error = await sendOne(ctx, r, invoice, reads, attempt);
      if (error !== undefined) errors.set(r.id, error);
    }),
  );
  return reminderIds.map((id) => errors.get(id));
}

async function sendOne(
  ctx: AppContext,
  r: repo.ReminderRow,
  invoice: repo.InvoiceForReminder,
  reads: CompanyReads,
  attempts: number,
): Promise<unknown> {
  let sent: Sent | undefined;
  try {
    if (!ctx.mailer) throw new Error("SMTP_URL is not set: cannot send email");
    const { company, templates } = await reads.email();
    const template =
      r.html !== null ? { subject: r.subject, content: r.html } : templates.get(r.templateType);
    if (!template) throw new Error(`no ${r.templateType} template`);
    const rendered = renderReminder(emailInput(company, invoice, template, ctx.now(), "inline"));
    const headers = reads.threads.get(r.invoiceQbId) ?? {};
    crashPoint("send-before-smtp");
    await ctx.mailer.send(outgoingEmail(company, rendered, r.toAddress, r.messageId, headers));
    sent = { rendered, headers, from: `${company.name} <${addressOf(ctx.config.mailFrom)}>` };
    crashPoint("send-after-smtp");
    // Recorded sent, and in the invoice's thread, in the same transaction as the group's others.
    await recordSent(ctx, {
      sent: { id: r.id, subject: rendered.subject, sentAt: ctx.now() },
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

/** Sends accepted within this many milliseconds (or this many) are recorded with one statement. */
const RECORD_WITHIN_MS = 5;
const RECORD_AT_MOST = 100;

/** A reminder sent: its record, and its message in the invoice's thread. */
interface SentRow {
  sent: repo.SentRecord;
  thread: OutboundMessage;
}

/**
 * Records a reminder sent (and its thread message), together with the others accepted by the
 * SMTP server within a few milliseconds: two statements in one transaction instead of two each
 * (on PGlite, where statements run one at a time, that was half the time of a send). Resolves
 * once its group is recorded; a failure is each one's.
 */
function recordSent(ctx: AppContext, row: SentRow): Promise<void> {
  let group = recording.get(ctx);
  if (!group) {
    const g: RecordGroup = { rows: [], waiting: [], flush: () => {} };
    const timer = setTimeout(() => g.flush(), RECORD_WITHIN_MS);
    g.flush = () => {
      clearTimeout(timer);
      if (recording.get(ctx) === g) recording.delete(ctx);
      ctx.db
        .transaction(async (tx) => {
          await repo.markSent(
            tx,
            g.rows.map((r) => r.sent),
          );
          await recordOutbound(
            tx,
            g.rows.map((r) => r.thread),
          );
        })
        .then(
          () => {
            for (const w of g.waiting) w.resolve();
          },
          (err: unknown) => {
            for (const w of g.waiting) w.reject(err);
          },
        );
    };
    recording.set(ctx, g);
    group = g;
  }
  const g = group;
  g.rows.push(row);
  const recorded = new Promise<void>((resolve, reject) => g.waiting.push({ resolve, reject }));
  if (g.rows.length >= RECORD_AT_MOST) g.flush();
  return recorded;
}
interface RecordGroup {
  rows: SentRow[];
  waiting: { resolve: () => void; reject: (err: unknown) => void }[];
  flush: () => void;
}
const recording = new WeakMap<AppContext, RecordGroup>();

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
