import type { TemplateType } from "@recoup/contracts";
import { addressOf, type OutgoingEmail } from "../../integrations/mail/mailer.ts";
import { toDataUrl } from "../../lib/images.ts";
import type { ReminderEmailInput, RenderedEmail } from "./render.ts";
import { daysOverdue } from "./schedule.ts";
import type { CompanyForEmail } from "./templates.repository.ts";

/** The facts of an invoice an email states. */
export interface InvoiceFacts {
  id: string;
  docNumber: string | null;
  customerName: string;
  balanceCents: number;
  currency: string;
  dueDate: string | null;
  /** The invoice's total (`{invoice_table}`'s amount); the balance when not known. */
  totalCents?: number;
}

const LOGO_CID = "company-logo@recoup";

/** The values a preview uses when the company has no open invoice yet. */
export const sampleInvoice = (today: string): InvoiceFacts => ({
  id: "sample",
  docNumber: "1001",
  customerName: "Sample Customer",
  balanceCents: 125_000,
  currency: "USD",
  dueDate: today,
});

/**
 * The renderer's input: the invoice's number (its Id when it has none), its open balance in its
 * currency, days overdue in the company's zone at `now`. The logo is inline (`cid:`) in an email,
 * a data URL in a preview.
 */
export function emailInput(
  company: CompanyForEmail,
  invoice: InvoiceFacts,
  template: { subject: string; content: string },
  now: Date,
  logo: "inline" | "data-url",
  /** A customer's combined reminder: all its invoices, `invoice` (the most overdue) among them. */
  combined?: readonly InvoiceFacts[],
): ReminderEmailInput {
  const dueDate = invoice.dueDate ?? now.toISOString().slice(0, 10);
  const hasLogo = Boolean(company.logo && company.logoType);
  const row = (i: InvoiceFacts) => {
    const due = i.dueDate ?? now.toISOString().slice(0, 10);
    return {
      number: i.docNumber ?? i.id,
      dueDate: due,
      totalCents: i.totalCents ?? i.balanceCents,
      balanceCents: i.balanceCents,
      currency: i.currency,
      daysOverdue: daysOverdue(due, company.timezone, now),
    };
  };
  return {
    template,
    invoice: {
      customerName: invoice.customerName,
      number: invoice.docNumber ?? invoice.id,
      amountCents: invoice.balanceCents,
      currency: invoice.currency,
      dueDate,
      daysOverdue: daysOverdue(dueDate, company.timezone, now),
      totalCents: invoice.totalCents ?? invoice.balanceCents,
    },
    ...(combined && combined.length > 1 ? { invoices: combined.map(row) } : {}),
    company: {
      name: company.name,
      locale: company.locale,
      signature: company.signature,
      logoSrc: !hasLogo
        ? null
        : logo === "inline"
          ? `cid:${LOGO_CID}`
          : toDataUrl(company.logo, company.logoType),
    },
  };
}

/** A Message-ID that depends only on the reminder row, so a repeated send is the same message. */
export const reminderMessageId = (reminderId: string, mailFrom: string) =>
  `<reminder.${reminderId}@${addressOf(mailFrom).split("@")[1] ?? "recoup.local"}>`;

/**
 * From the company's name at MAIL_FROM's address; replies to the invoice's reply address (or the
 * company's user); in its thread; the logo inline.
 */
export function outgoingEmail(
  company: CompanyForEmail,
  rendered: RenderedEmail,
  to: string,
  messageId?: string,
  thread: { replyTo?: string; inReplyTo?: string; references?: string[] } = {},
): OutgoingEmail {
  const replyTo = thread.replyTo ?? company.replyTo;
  return {
    to,
    subject: rendered.subject,
    html: rendered.html,
    text: rendered.text,
    fromName: company.name,
    ...(replyTo ? { replyTo } : {}),
    ...(messageId ? { messageId } : {}),
    ...(thread.inReplyTo ? { inReplyTo: thread.inReplyTo } : {}),
    ...(thread.references?.length ? { references: thread.references } : {}),
    ...(company.logo && company.logoType && rendered.html.includes(`cid:${LOGO_CID}`)
      ? {
          inline: [
            {
              cid: LOGO_CID,
              filename: `logo.${company.logoType.split("/")[1] ?? "png"}`,
              contentType: company.logoType,
              content: company.logo,
            },
          ],
        }
      : {}),
  };
}

/** The stage that fits an invoice on `today`: before, on or after its due date. */
export function stageFor(dueDate: string | null, today: string): TemplateType {
  if (!dueDate || dueDate > today) return "before_due_date";
  return dueDate === today ? "on_due_date" : "after_due_date";
}
