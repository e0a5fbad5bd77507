/** What a send batch reads once per company, and why a reminder must not go after all. */
import type { PlannedStage, TemplateType } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { dateIn } from "../../lib/dates.ts";
import { type ThreadHeaders, threadHeaders } from "../communications/index.ts";
import * as holds from "../holds/index.ts";
import * as pauseRepo from "../pauses/index.ts";
import { sendingAs } from "../sending/index.ts";
import { followedSchedules } from "./followed-schedules.ts";
import { type ReminderPdf, reminderPdfs } from "./invoice-pdf.ts";
import { type Pauses, pauseOn, pausesByTarget } from "./planning.ts";
import { listParts } from "./recipients.ts";
import * as remindableRepo from "./remindable.repository.ts";
import * as settingsRepo from "./reminder-settings.repository.ts";
import type * as repo from "./reminders.repository.ts";
import { findSchedules, type ScheduleRow } from "./schedules.repository.ts";
import { subscriptionHold } from "./subscription-gate.ts";
import { findTemplates } from "./templates.repository.ts";
import { companyForEmail } from "./templates.service.ts";

/** What the reminders of one company in a batch share, read once for all of them. */
export interface CompanyReads {
  invoices: Map<string, remindableRepo.InvoiceForReminder>;
  /** For automatic reminders: reminders on, the pauses, and why the subscription holds them (or null). */
  automatic: {
    settings: settingsRepo.SettingsRow | undefined;
    pauses: Pauses;
    /** The open promises and disputes, and the company's today they are read on. */
    holds: holds.Holds;
    today: string;
    hold: string | null;
    /** Whether the customer is chased at all (not 'Don't chase this customer'). */
    chased: (customerRef: string) => boolean;
  } | null;
  /** Each invoice's reply address and the thread message a new email answers. */
  threads: Map<string, ThreadHeaders>;
  /** The company as emails show it, its templates and whether reminders carry the invoice's PDF, read when the first is sent. */
  email(): Promise<{
    company: Awaited<ReturnType<typeof companyForEmail>>;
    /** By stage: the standard templates by type, and each of the company's schedules' stages. */
    templates: Map<PlannedStage, { subject: string; content: string }>;
    attachPdf: boolean;
  }>;
  /** The invoice's PDF from QuickBooks, or why it is not there (`invoice-pdf.ts`). */
  invoicePdf(invoice: remindableRepo.InvoiceForReminder): Promise<ReminderPdf>;
  /** The company's own address and DKIM key once its domain is verified (decision 0022), read once. */
  sendingAs(): ReturnType<typeof sendingAs>;
}
export async function companyReads(ctx: AppContext, companyId: string, batch: repo.ReminderRow[]) {
  const invoices = await remindableRepo.findInvoices(
    ctx.db,
    companyId,
    batch.map((r) => r.invoiceQbId),
  );
  let automatic: CompanyReads["automatic"] = null;
  if (batch.some((r) => r.stage !== "manual")) {
    const settings = await settingsRepo.findSettings(ctx.db, companyId);
    const today = dateIn(settings?.timezone ?? "UTC", ctx.now());
    const pauses = settings
      ? await pauseRepo.activePauses(ctx.db, companyId, today, {
          invoiceIds: invoices.map((i) => i.id),
          customerRefs: invoices.map((i) => i.customerRef),
        })
      : [];
    automatic = {
      settings,
      pauses: pausesByTarget(pauses),
      holds: await holds.holdsOn(
        ctx.db,
        companyId,
        invoices.map((i) => i.id),
      ),
      today,
      hold: (await subscriptionHold(ctx, companyId))?.message ?? null,
      chased: await chasedCustomers(ctx, companyId, settings),
    };
  }
  const threads = await threadHeaders(
    ctx,
    companyId,
    invoices.map((i) => i.id),
    batch.map((r) => r.messageId),
  );
  let email: ReturnType<CompanyReads["email"]> | undefined;
  let as: ReturnType<CompanyReads["sendingAs"]> | undefined;
  return {
    invoices: new Map(invoices.map((i) => [i.id, i])),
    automatic,
    threads,
    email: () => {
      email ??= Promise.all([
        companyForEmail(ctx, companyId),
        findTemplates(ctx.db, companyId),
        settingsRepo.findSettings(ctx.db, companyId),
        findSchedules(ctx.db, companyId),
      ]).then(([company, templates, settings, schedules]) => ({
        company,
        templates: stageTemplates(templates, schedules),
        attachPdf: settings?.attachInvoicePdf ?? true,
      }));
      return email;
    },
    invoicePdf: reminderPdfs(ctx, companyId),
    sendingAs: () => {
      as ??= sendingAs(ctx, companyId);
      return as;
    },
  } satisfies CompanyReads;
}
async function chasedCustomers(
  ctx: AppContext,
  companyId: string,
  settings: settingsRepo.SettingsRow | undefined,
) {
  if (!settings) return () => true;
  const followed = await followedSchedules(ctx.db, companyId, Number(settings.followUpInterval));
  return (ref: string) => followed.scheduleOf(ref) !== null;
}
/** Each stage's template: the standard ones by type; a schedule's stage, its own or the standard one it names. */
function stageTemplates(
  templates: readonly { type: TemplateType; subject: string; content: string }[],
  schedules: readonly ScheduleRow[],
) {
  const byStage = new Map<PlannedStage, { subject: string; content: string }>(
    templates.map((t) => [t.type, t]),
  );
  for (const stage of schedules.flatMap((s) => s.stages)) {
    const t = "type" in stage.template ? byStage.get(stage.template.type) : stage.template;
    if (t) byStage.set(stage.key as PlannedStage, t);
  }
  return byStage;
}
/** A manual send's To and CC as the user chose them, or undefined: the rules decide. */
export const chosenRecipients = (r: repo.ReminderRow) =>
  r.chosenRecipients ? { to: listParts(r.toAddress), cc: listParts(r.ccAddress) } : undefined;
/**
 * Why a queued reminder must not go out any more, checked just before sending: the invoice was
 * paid, voided or deleted (a payment synced in the meantime stops it); for automatic reminders
 * also reminders turned off, a pause, or the subscription.
 */
export function stopReason(
  r: repo.ReminderRow,
  invoice: remindableRepo.InvoiceForReminder | undefined,
  reads: CompanyReads,
) {
  if (!invoice || invoice.deleted) return "The invoice was deleted in QuickBooks.";
  if (invoice.voided) return "The invoice was voided.";
  if (invoice.balanceCents <= 0) return "The invoice was paid.";
  if (r.stage === "manual" || !reads.automatic) return null;
  if (!reads.automatic.settings?.enabled) return "Automatic reminders were turned off.";
  if (pauseOn(invoice, reads.automatic.pauses)) return "Reminders were paused.";
  if (!reads.automatic.chased(invoice.customerRef)) return "The customer is no longer chased.";
  if (reads.automatic.holds.disputes.has(invoice.id)) return "The customer disputed the invoice.";
  const promise = reads.automatic.holds.promises.get(invoice.id);
  if (promise && holds.inForce(promise, reads.automatic.today))
    return `The customer promised to pay by ${promise.promisedFor}.`;
  return reads.automatic.hold;
}
