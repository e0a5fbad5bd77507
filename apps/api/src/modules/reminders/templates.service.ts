import {
  type EmailTemplate,
  errorCodes,
  type FollowUpIntervalValue,
  type PreviewTemplateRequest,
  type SaveTemplateRequest,
  type TemplateType,
  templateMessages,
  templateTypes,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { addressOf } from "../../integrations/mail/mailer.ts";
import { dateIn } from "../../lib/dates.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import { recordOutbound } from "../communications/index.ts";
import { mintCustomerLink } from "../customer-links/index.ts";
import { findInvoice, previewInvoice } from "./remindable.repository.ts";
import { emailInput, type InvoiceFacts, outgoingEmail, sampleInvoice } from "./reminder-email.ts";
import { renderReminder, variableValues } from "./render.ts";
import * as repo from "./templates.repository.ts";

const asTemplate = (row: repo.TemplateRow): EmailTemplate => ({
  id: row.id,
  type: row.type,
  name: row.name,
  subject: row.subject,
  content: sanitizeUserHtml(row.content),
  updatedAt: row.updatedAt.toISOString(),
});

export async function companyForEmail(ctx: AppContext, companyId: string) {
  const company = await repo.findCompanyForEmail(ctx.db, companyId);
  if (!company) throw notFound("Company not found.");
  return company;
}

/** The three templates in the tiles' order, the follow-up interval and the signature. */
export async function listTemplates(ctx: AppContext, companyId: string) {
  const [company, rows] = await Promise.all([
    companyForEmail(ctx, companyId),
    repo.findTemplates(ctx.db, companyId),
  ]);
  const byType = new Map(rows.map((r) => [r.type, r]));
  return {
    templates: templateTypes.flatMap((type) => {
      const row = byType.get(type);
      return row ? [asTemplate(row)] : [];
    }),
    followUpInterval: company.followUpInterval,
    signature: sanitizeUserHtml(company.signature),
  };
}

/** Stores the subject as typed and the body sanitised with the signatures' allow-list. */
export async function saveTemplate(ctx: AppContext, companyId: string, input: SaveTemplateRequest) {
  const row = await repo.updateTemplate(ctx.db, companyId, input.type, {
    subject: input.subject,
    content: sanitizeUserHtml(input.content),
  });
  if (!row) throw notFound("Template not found.");
  return { data: asTemplate(row), message: templateMessages.saved };
}

export async function saveFollowUpInterval(
  ctx: AppContext,
  companyId: string,
  followUpInterval: FollowUpIntervalValue,
) {
  await repo.updateFollowUpInterval(ctx.db, companyId, followUpInterval);
  return { followUpInterval, currentSetting: templateMessages.followUpEvery(followUpInterval) };
}

async function storedTemplate(ctx: AppContext, companyId: string, type: TemplateType) {
  const row = await repo.findTemplate(ctx.db, companyId, type);
  if (!row) throw notFound("Template not found.");
  return row;
}

/**
 * A template (as stored, or the unsaved edit given) rendered with one of the company's real open
 * invoices: the one named, else one the stage fits (`previewInvoice`); sample values when it has none.
 * A preview on screen links to an example page; the test email (`"email"`) to the invoice's
 * customer's real page, so the user sees what the customer would.
 */
export async function previewTemplate(
  ctx: AppContext,
  companyId: string,
  input: PreviewTemplateRequest,
  shown: "screen" | "email" = "screen",
) {
  const logo = shown === "email" ? "inline" : "data-url";
  const [company, stored] = await Promise.all([
    companyForEmail(ctx, companyId),
    storedTemplate(ctx, companyId, input.type),
  ]);
  const now = ctx.now();
  const today = dateIn(company.timezone, now);
  const invoice = input.invoiceId
    ? await findInvoice(ctx.db, companyId, input.invoiceId)
    : await previewInvoice(ctx.db, companyId, input.type, today);
  if (input.invoiceId && !invoice) throw notFound("No such invoice.");
  const facts: InvoiceFacts = invoice ?? sampleInvoice(today);
  const template = { subject: input.subject ?? stored.subject, content: input.content ?? stored.content };
  const paymentLink =
    shown === "email" && invoice
      ? await mintCustomerLink(ctx, { companyId, customerQbId: invoice.customerRef, invoiceQbId: invoice.id })
      : `${ctx.config.appUrl}/pay/example`;
  const emailIn = { ...emailInput(company, facts, template, now, logo), paymentLink };
  return {
    company,
    email: renderReminder(emailIn),
    invoice: invoice
      ? {
          id: invoice.id,
          docNumber: invoice.docNumber,
          customerName: invoice.customerName,
          email: invoice.email,
          currency: invoice.currency,
          balanceCents: invoice.balanceCents,
          dueDate: invoice.dueDate,
        }
      : null,
    values: variableValues(emailIn),
  };
}

/** The preview, emailed to the signed-in user only (never to the invoice's customer). */
export async function sendTestEmail(
  ctx: AppContext,
  companyId: string,
  userEmail: string,
  input: PreviewTemplateRequest,
) {
  if (!ctx.mailer) throw new AppError(503, errorCodes.unavailable, "Email is not configured (SMTP_URL).");
  const { company, email } = await previewTemplate(ctx, companyId, input, "email");
  const test = { ...email, subject: `[Test] ${email.subject}` };
  const sent = await ctx.mailer.send({ ...outgoingEmail(company, test, userEmail), kind: "test" });
  // Kept with the company's emails, outside any invoice's thread (it went to the user).
  await recordOutbound(ctx.db, [
    {
      companyId,
      invoiceId: null,
      customerRef: null,
      kind: "test",
      status: "sent",
      messageId: sent.messageId,
      headers: {},
      from: `${company.name} <${addressOf(ctx.config.mailFrom)}>`,
      to: userEmail,
      subject: test.subject,
      html: test.html,
      text: test.text,
      at: ctx.now(),
    },
  ]);
  return { sentTo: userEmail, messageId: sent.messageId };
}
