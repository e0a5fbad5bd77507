import { customerPageMessages } from "@recoup/contracts";
import { compile } from "html-to-text";
import { LRUCache } from "lru-cache";
import { longDate } from "../../lib/dates.ts";
import { escapeHtml, escapeHtmlAsSanitized } from "../../lib/html.ts";
import { formatCents } from "../../lib/money.ts";
import { LINK_REL, sanitizeUserHtml } from "../../lib/sanitize.ts";

/** The six placeholders of the spec (section 3), the link to the customer's page, and the invoices' table. */
export const templateVariables = [
  "customer_name",
  "invoice_number",
  "invoice_amount",
  "due_date",
  "company_name",
  "days_overdue",
  "payment_link",
  "invoice_table",
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
    /** The invoice's total, for `{invoice_table}` (the balance when not given). */
    totalCents?: number;
  };
  /**
   * A customer's combined reminder (decision 0021): every invoice it is about, `invoice` being the
   * most overdue one. Absent: the email is about `invoice` alone.
   */
  invoices?: readonly TableInvoice[];
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

/** A row of `{invoice_table}`. */
export interface TableInvoice {
  number: string;
  dueDate: string;
  totalCents: number;
  balanceCents: number;
  currency: string;
  daysOverdue: number;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /**
   * What the invoice's thread keeps of it: the same content without the document around it, its
   * styles or its logo (what sanitising the HTML would leave), written so that the sanitising on
   * the way in (`recordOutbound`) finds it already clean in one pass instead of two.
   */
  threadHtml?: string;
}

const PLACEHOLDER = new RegExp(`\\{(${templateVariables.join("|")})\\}`, "g");
const LOGO_SRC = /^(data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}|cid:[\w.@-]+)$/;

const toText = compile({
  wordwrap: 78,
  selectors: [
    { selector: "img", format: "skip" },
    // `{invoice_table}` as columns in the plain text too.
    { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
  ],
});

/** The invoices an email is about: a combined reminder's, else its one. */
const tableOf = (input: ReminderEmailInput): readonly TableInvoice[] =>
  input.invoices?.length
    ? input.invoices
    : [
        {
          number: input.invoice.number,
          dueDate: input.invoice.dueDate,
          totalCents: input.invoice.totalCents ?? input.invoice.amountCents,
          balanceCents: input.invoice.amountCents,
          currency: input.invoice.currency,
          daysOverdue: input.invoice.daysOverdue,
        },
      ];
const isCombined = (input: ReminderEmailInput) => (input.invoices?.length ?? 0) > 1;

/** The open balance per currency, in the order the currencies first come. */
export function totalsPerCurrency(rows: readonly TableInvoice[]) {
  const totals = new Map<string, { totalCents: number; balanceCents: number }>();
  for (const r of rows) {
    const t = totals.get(r.currency) ?? { totalCents: 0, balanceCents: 0 };
    totals.set(r.currency, {
      totalCents: t.totalCents + r.totalCents,
      balanceCents: t.balanceCents + r.balanceCents,
    });
  }
  return [...totals].map(([currency, t]) => ({ currency, ...t }));
}

const CELL_STYLE = "padding:4px 10px;border-bottom:1px solid #e5e7eb;text-align:left";
const CELL = ` style="${CELL_STYLE}"`;
const NUMBER_CELL = ` style="${CELL_STYLE};text-align:right"`;

/**
 * How the HTML is written: the email's, with its styles, or the thread copy's, without them and
 * escaped as sanitize-html writes, so that sanitising it changes nothing.
 */
interface Writing {
  styled: boolean;
  escape: (value: string) => string;
}
const EMAIL: Writing = { styled: true, escape: escapeHtml };
const THREAD: Writing = { styled: false, escape: escapeHtmlAsSanitized };

/** `{invoice_table}` in the body: number, due date, amount, balance, days overdue; a total row per currency. */
export function invoiceTableHtml(rows: readonly TableInvoice[], locale: string, w: Writing = EMAIL): string {
  const [cell, numberCell] = w.styled ? [CELL, NUMBER_CELL] : ["", ""];
  const money = (cents: number, currency: string) => w.escape(formatCents(cents, currency, locale));
  const head = ["Invoice", "Due date", "Amount", "Balance", "Days overdue"]
    .map((h, i) => `<th${i >= 2 ? numberCell : cell}>${h}</th>`)
    .join("");
  const body = rows
    .map(
      (r) =>
        `<tr><td${cell}>${w.escape(r.number)}</td><td${cell}>${w.escape(longDate(r.dueDate, locale))}</td>` +
        `<td${numberCell}>${money(r.totalCents, r.currency)}</td><td${numberCell}>${money(r.balanceCents, r.currency)}</td>` +
        `<td${numberCell}>${Math.max(0, r.daysOverdue)}</td></tr>`,
    )
    .join("");
  const totals = totalsPerCurrency(rows)
    .map(
      (t) =>
        `<tr><th${cell} colspan="2">Total ${w.escape(t.currency)}</th><th${numberCell}>${money(t.totalCents, t.currency)}</th>` +
        `<th${numberCell}>${money(t.balanceCents, t.currency)}</th><th${cell}></th></tr>`,
    )
    .join("");
  const table = w.styled ? '<table style="border-collapse:collapse;margin:12px 0">' : "<table>";
  return `${table}<thead><tr>${head}</tr></thead><tbody>${body}</tbody><tbody>${totals}</tbody></table>`;
}

export function variableValues(input: ReminderEmailInput): Record<TemplateVariable, string> {
  const { invoice, company } = input;
  const rows = tableOf(input);
  const combined = isCombined(input);
  return {
    customer_name: invoice.customerName,
    invoice_number: combined ? rows.map((r) => r.number).join(", ") : invoice.number,
    invoice_amount: combined
      ? totalsPerCurrency(rows)
          .map((t) => formatCents(t.balanceCents, t.currency, company.locale))
          .join(" + ")
      : formatCents(invoice.amountCents, invoice.currency, company.locale),
    due_date: longDate(invoice.dueDate, company.locale),
    company_name: company.name,
    days_overdue: String(invoice.daysOverdue),
    payment_link: input.paymentLink ?? "{payment_link}",
    // As text (a subject); the body puts the HTML table in its place (`renderBody`).
    invoice_table: rows.map((r) => r.number).join(", "),
  };
}

/**
 * One pass of plain replacement: a value is never read again as a template, so a customer named
 * "{company_name}" stays that, and anything that is not one of the six placeholders is left as is.
 */
const fill = (template: string, value: (name: TemplateVariable) => string) =>
  template.replace(PLACEHOLDER, (_, name: TemplateVariable) => value(name));

/** "is {days_overdue} days overdue" reads "is 1 day overdue" on the first day (English templates). */
/**
 * A template's or signature's HTML sanitised, kept: a send batch renders the same few for every
 * email, and sanitising (two passes of a parser) was a third of an email's CPU.
 */
const sanitized = new LRUCache<string, string>({ max: 500 });
function sanitizedOnce(html: string): string {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeUserHtml(html);
    sanitized.set(html, clean);
  }
  return clean;
}

const singularDay = (template: string, daysOverdue: number) =>
  daysOverdue === 1 ? template.replace(/\{days_overdue\}(\s+)days\b/g, "{days_overdue}$1day") : template;

/** Mail clients fall back to a serif face; the body text gets the system's sans-serif. */
const BODY_STYLE =
  "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.55;color:#1f2937";

/**
 * The template's body with the values filled (HTML-escaped; `{invoice_table}` the table),
 * sanitised: what a person edits before 'Send'. A combined reminder whose template has no table
 * gets it after the body.
 */
export function renderBody(input: ReminderEmailInput, values = variableValues(input), w = EMAIL): string {
  const table = invoiceTableHtml(tableOf(input), input.company.locale, w);
  const content = sanitizedOnce(input.template.content);
  const body = fill(singularDay(content, input.invoice.daysOverdue), (name) =>
    name === "invoice_table" ? table : w.escape(values[name]),
  );
  return isCombined(input) && !content.includes("{invoice_table}") ? `${body}${table}` : body;
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
  const signature = sanitizedOnce(input.company.signature);
  const content = (w: Writing) => {
    const body = payButton(renderBody(input, values, w), input.paymentLink, w);
    return `<div>${body}</div>${signature ? `<div>${signature}</div>` : ""}`;
  };
  const email = content(EMAIL);
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="${BODY_STYLE}"><div style="${BODY_STYLE}">${logo(input.company)}${email}</div></body></html>`;
  // An email's logo is inline (`cid:`), which the thread does not keep: its place stays empty. (A
  // preview's, a data URL, is kept: that thread copy is left to the sanitising.)
  const logoSrc = input.company.logoSrc;
  const threadLogo = !logoSrc ? "" : logoSrc.startsWith("cid:") ? "<div></div>" : undefined;
  return {
    subject,
    html,
    text: toText(email),
    ...(threadLogo !== undefined ? { threadHtml: `<div>${threadLogo}${content(THREAD)}</div>` } : {}),
  };
}

const BUTTON_STYLE =
  "display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;font-weight:600;text-decoration:none";

/**
 * Every reminder links to the customer's page: a link to it in the body becomes a button, and a
 * body without one (a template edited without `{payment_link}`) gets 'View and pay' at its end.
 */
function payButton(body: string, link: string | undefined, w: Writing): string {
  if (!link) return body;
  const href = `href="${w.escape(link)}"`;
  // The email's button has its style; the thread's copy, the rel sanitising gives a link.
  const attributes = w.styled ? ` style="${BUTTON_STYLE}"` : ` rel="${LINK_REL}"`;
  if (!body.includes(href))
    return `${body}<p><a ${href}${attributes}>${customerPageMessages.viewAndPay}</a></p>`;
  // A link in the template already has its rel (the template is sanitised).
  return w.styled ? body.replaceAll(`<a ${href}`, `<a ${href}${attributes}`) : body;
}

function logo(company: ReminderEmailInput["company"]): string {
  if (!company.logoSrc) return "";
  if (!LOGO_SRC.test(company.logoSrc))
    throw new RangeError("the logo must be a data:image URL or a cid: reference");
  return `<div><img src="${company.logoSrc}" alt="${escapeHtml(company.name)}" style="max-width:256px;max-height:256px"></div>`;
}
