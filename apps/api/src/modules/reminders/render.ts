import { customerPageMessages } from "@recoup/contracts";
import { compile } from "html-to-text";
import { longDate } from "../../lib/dates.ts";
import { escapeHtml } from "../../lib/html.ts";
import { formatCents } from "../../lib/money.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";

/** The six placeholders of the spec (section 3), and the link to the customer's page. */
export const templateVariables = [
  "customer_name",
  "invoice_number",
  "invoice_amount",
  "due_date",
  "company_name",
  "days_overdue",
  "payment_link",
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

export interface ReminderEmailInput {
  template: { subject: string; content: string };
  /**
   * The customer page's link this email carries. Without one (a draft to edit, a preview) the
   * placeholder stays as written, filled when the email goes.
   */
  paymentLink?: string;
  invoice: {
    customerName: string;
    /** The invoice's number as the customer knows it (QuickBooks DocNumber). */
    number: string;
    /** The amount asked for: the open balance. */
    amountCents: number;
    currency: string;
    /** ISO date. */
    dueDate: string;
    daysOverdue: number;
  };
  company: {
    name: string;
    /** BCP 47 locale for dates and money, e.g. "en-US", "de-DE". */
    locale: string;
    /** Sanitised HTML put after the body. */
    signature: string;
    /** A data:image URL or a cid: reference to an attachment, shown at the top. */
    logoSrc?: string | null;
  };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const PLACEHOLDER = new RegExp(`\\{(${templateVariables.join("|")})\\}`, "g");
const LOGO_SRC = /^(data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}|cid:[\w.@-]+)$/;

const toText = compile({ wordwrap: 78, selectors: [{ selector: "img", format: "skip" }] });

export function variableValues(input: ReminderEmailInput): Record<TemplateVariable, string> {
  const { invoice, company } = input;
  return {
    customer_name: invoice.customerName,
    invoice_number: invoice.number,
    invoice_amount: formatCents(invoice.amountCents, invoice.currency, company.locale),
    due_date: longDate(invoice.dueDate, company.locale),
    company_name: company.name,
    days_overdue: String(invoice.daysOverdue),
    payment_link: input.paymentLink ?? "{payment_link}",
  };
}

/**
 * One pass of plain replacement: a value is never read again as a template, so a customer named
 * "{company_name}" stays that, and anything that is not one of the six placeholders is left as is.
 */
const fill = (template: string, value: (name: TemplateVariable) => string) =>
  template.replace(PLACEHOLDER, (_, name: TemplateVariable) => value(name));

/** "is {days_overdue} days overdue" reads "is 1 day overdue" on the first day (English templates). */
const singularDay = (template: string, daysOverdue: number) =>
  daysOverdue === 1 ? template.replace(/\{days_overdue\}(\s+)days\b/g, "{days_overdue}$1day") : template;

/** Mail clients fall back to a serif face; the body text gets the system's sans-serif. */
const BODY_STYLE =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.55;color:#1f2937";

/** The template's body with the values filled (HTML-escaped), sanitised: what a person edits before 'Send'. */
export function renderBody(input: ReminderEmailInput, values = variableValues(input)): string {
  return fill(singularDay(sanitizeUserHtml(input.template.content), input.invoice.daysOverdue), (name) =>
    escapeHtml(values[name]),
  );
}

/**
 * A reminder email from a stored template: the subject with the values as they are (on one line),
 * the HTML sanitised again with HTML-escaped values, the logo at the top and the signature at the
 * end, and a plain-text part read from that HTML.
 */
export function renderReminder(input: ReminderEmailInput): RenderedEmail {
  const values = variableValues(input);
  const days = input.invoice.daysOverdue;
  const subject = fill(singularDay(input.template.subject, days), (name) => values[name])
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .trim();
  const body = payButton(renderBody(input, values), input.paymentLink);
  const signature = sanitizeUserHtml(input.company.signature);
  const content = `<div>${body}</div>${signature ? `<div>${signature}</div>` : ""}`;
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="${BODY_STYLE}"><div style="${BODY_STYLE}">${logo(input.company)}${content}</div></body></html>`;
  return { subject, html, text: toText(content) };
}

const BUTTON_STYLE =
  "display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:600;text-decoration:none";

/**
 * Every reminder links to the customer's page: a link to it in the body becomes a button, and a
 * body without one (a template edited without `{payment_link}`) gets 'View and pay' at its end.
 */
function payButton(body: string, link: string | undefined): string {
  if (!link) return body;
  const href = `href="${escapeHtml(link)}"`;
  if (!body.includes(href))
    return `${body}<p><a ${href} style="${BUTTON_STYLE}">${customerPageMessages.viewAndPay}</a></p>`;
  return body.replaceAll(`<a ${href}`, `<a ${href} style="${BUTTON_STYLE}"`);
}

function logo(company: ReminderEmailInput["company"]): string {
  if (!company.logoSrc) return "";
  if (!LOGO_SRC.test(company.logoSrc))
    throw new RangeError("the logo must be a data:image URL or a cid: reference");
  return `<div><img src="${company.logoSrc}" alt="${escapeHtml(company.name)}" style="max-width:256px;max-height:256px"></div>`;
}
