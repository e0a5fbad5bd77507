import { type TemplateType, templateNames } from "@recoup/contracts";

/**
 * The templates every company starts with: the spec's three (section 3), polite and using the
 * variables, and 'Missed Promise', sent once when a promised date passes unpaid (migration 0013
 * gives it to companies made before it).
 */
export const defaultTemplates: Record<TemplateType, { name: string; subject: string; content: string }> = {
  before_due_date: {
    name: templateNames.before_due_date,
    subject: "Friendly reminder: invoice {invoice_number} is due on {due_date}",
    content:
      '<p>Hi {customer_name},</p><p>This is a friendly reminder that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due on <strong>{due_date}</strong>.</p><p><a href="{payment_link}">View and pay</a></p><p>If you have already arranged payment, thank you, and please ignore this message.</p><p>Kind regards,<br>{company_name}</p>',
  },
  on_due_date: {
    name: templateNames.on_due_date,
    subject: "Invoice {invoice_number} is due today",
    content:
      '<p>Hi {customer_name},</p><p>Invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> is due today, {due_date}.</p><p><a href="{payment_link}">View and pay</a></p><p>If payment is already on its way, thank you. If you have any questions about this invoice, just reply to this email.</p><p>Kind regards,<br>{company_name}</p>',
  },
  after_due_date: {
    name: templateNames.after_due_date,
    subject: "Invoice {invoice_number} is {days_overdue} days overdue",
    content:
      '<p>Hi {customer_name},</p><p>Our records show that invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong>, due on {due_date}, is now {days_overdue} days overdue.</p><p>Please arrange payment at your earliest convenience, or reply to this email if there is anything we should know.</p><p><a href="{payment_link}">View and pay</a></p><p>Thank you,<br>{company_name}</p>',
  },
  missed_promise: {
    name: templateNames.missed_promise,
    subject: "Invoice {invoice_number}: we have not received your payment yet",
    content:
      '<p>Hi {customer_name},</p><p>Thank you for letting us know when you planned to pay invoice <strong>{invoice_number}</strong> for <strong>{invoice_amount}</strong> (due on {due_date}). We have not received the payment yet.</p><p>Could you let us know when we can expect it? You can pay, or tell us a new date, on your page:</p><p><a href="{payment_link}">View and pay</a></p><p>Thank you,<br>{company_name}</p>',
  },
};
