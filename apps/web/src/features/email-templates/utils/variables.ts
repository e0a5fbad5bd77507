import { templateVariableNames } from "@recoup/contracts";

export type TemplateVariableName = (typeof templateVariableNames)[number];

/** What each placeholder becomes when an email is sent (spec section 3, and the customer page's link). */
const descriptions: Record<TemplateVariableName, string> = {
  "{customer_name}": "The customer's name",
  "{invoice_number}": "The invoice number",
  "{invoice_amount}": "The amount still owed, in the invoice's currency",
  "{due_date}": "The invoice's due date",
  "{company_name}": "Your company's name",
  "{days_overdue}": "Days past the due date",
  "{payment_link}": "The link to the customer's page: invoices, PDFs and 'Pay now'",
  "{invoice_table}":
    "A table of the invoices the email is about (all of them when a customer's reminders are combined), with totals per currency",
};

export const templateVariables = templateVariableNames.map((name) => ({
  name,
  description: descriptions[name],
}));

/**
 * `value` with `text` put in place of its selection (or at its cursor): the subject input's half
 * of 'insert at the cursor'. Answers the new value and where the cursor goes after the insert.
 */
export function insertAt(value: string, text: string, start: number | null, end: number | null) {
  const from = Math.min(start ?? value.length, value.length);
  const to = Math.max(from, Math.min(end ?? from, value.length));
  return { value: value.slice(0, from) + text + value.slice(to), cursor: from + text.length };
}
