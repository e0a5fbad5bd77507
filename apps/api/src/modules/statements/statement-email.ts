/** The email a statement goes with: written by the reminders' renderer (logo, signature, 'View and pay', text part). */
import { addressOf } from "../../integrations/mail/mailer.ts";
import { longDate } from "../../lib/dates.ts";
import { escapeHtml } from "../../lib/html.ts";
import { formatCents } from "../../lib/money.ts";
import { type CompanyForEmail, emailInput, renderReminder } from "../reminders/index.ts";
import type { CurrencySection } from "./figures.ts";

/** A Message-ID that depends only on the statement's row, so a repeated send is the same message. */
export const statementMessageId = (statementId: string, mailFrom: string) =>
  `<statement.${statementId}@${addressOf(mailFrom).split("@")[1] ?? "recoup.local"}>`;

export function statementEmail(
  company: CompanyForEmail,
  customerName: string,
  date: string,
  sections: readonly CurrencySection[],
  paymentLink: string,
  now: Date,
) {
  const day = escapeHtml(longDate(date, company.locale));
  const due = sections.filter((s) => s.balanceCents !== 0);
  const balance = due.length
    ? `<p>Balance due: ${due
        .map((s) => `<strong>${escapeHtml(formatCents(s.balanceCents, s.currency, company.locale))}</strong>`)
        .join(", ")}.</p>`
    : "<p>Nothing is owed on this statement.</p>";
  const template = {
    subject: `Statement of account from {company_name}: ${longDate(date, company.locale)}`,
    content: `<p>Dear {customer_name},</p><p>Please find attached your statement of account on ${day}: your open invoices and credits, with the balance and how long each invoice is past due.</p>${balance}<p>If you have paid since, thank you, and please disregard what you paid. Questions about the statement? Just reply to this email.</p><p><a href="{payment_link}">View and pay your invoices</a></p>`,
  };
  // The renderer reads an invoice's facts: a statement's are its customer's name and its date.
  const facts = {
    id: "statement",
    docNumber: null,
    customerName,
    balanceCents: 0,
    currency: due[0]?.currency ?? "USD",
    dueDate: date,
  };
  return renderReminder({ ...emailInput(company, facts, template, now, "inline"), paymentLink });
}
