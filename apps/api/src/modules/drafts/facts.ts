/**
 * What a draft is written from: the invoice's figures formatted exactly as the reminder emails
 * format them (money in the invoice's currency, dates in the company's locale), how late it is,
 * the reminders already sent, the tone that follows from those, and the customer's last reply.
 */
import type { TemplateType } from "@recoup/contracts";
import { dateIn, daysBetween, longDate } from "../../lib/dates.ts";
import { formatCents } from "../../lib/money.ts";
import type { CompanyForEmail } from "../reminders/index.ts";
import { emailInput, stageFor, variableValues } from "../reminders/index.ts";
import type { GuardRecord } from "./guard.ts";

export type Tone = "friendly" | "firm" | "final";

/** Overdue this long, or sent this many overdue reminders already, and the next email is a final notice. */
export const FINAL_NOTICE = { daysOverdue: 30, reminders: 3 } as const;

export interface DraftFacts {
  companyName: string;
  customerName: string;
  /** The number the customer knows (QuickBooks DocNumber; its Id when it has none). */
  invoiceNumber: string;
  currency: string;
  locale: string;
  amountDueCents: number;
  totalCents: number;
  /** As the reminder emails write them, e.g. "$1,250.00" and "March 31, 2026". */
  amountDue: string;
  total: string;
  issueDate: string | null;
  dueDate: string | null;
  issueDateText: string | null;
  dueDateText: string | null;
  /** Whole days past the due date in the company's zone; negative before it, 0 on it or without one. */
  daysOverdue: number;
  remindersSent: number;
  lastReminderText: string | null;
  stage: TemplateType;
  tone: Tone;
}

/** What the customer's reply is about, as far as a few words tell; it is acknowledged, never quoted. */
export type ReplyTopic = "payment" | "dispute" | "promise" | "other";

export interface CustomerReply {
  /** The reply without its quoted history: untrusted text, only ever given to a model as data. */
  text: string;
  dateText: string;
  topic: ReplyTopic;
}

export interface DraftInput {
  facts: DraftFacts;
  reply: CustomerReply | null;
}

export interface InvoiceRecord {
  id: string;
  docNumber: string | null;
  customerName: string;
  currency: string;
  totalCents: number;
  balanceCents: number;
  txnDate: string;
  dueDate: string | null;
}

export function toneFor(daysOverdue: number, overdueReminders: number): Tone {
  if (daysOverdue <= 0) return "friendly";
  return daysOverdue >= FINAL_NOTICE.daysOverdue || overdueReminders >= FINAL_NOTICE.reminders
    ? "final"
    : "firm";
}

const TOPICS: [ReplyTopic, RegExp][] = [
  [
    "dispute",
    /\b(wrong|incorrect|dispute|mistake|error|never (?:received|ordered|delivered)|overcharged|not (?:ours|ordered|received)|refund|damaged|broken)\b/i,
  ],
  [
    "payment",
    /\b(paid|sent (?:the |a )?(?:payment|money|transfer|cheque|check)|transferr?ed|wired|payment (?:was|has been) (?:made|sent)|remittance|cheque|check is in)\b/i,
  ],
  [
    "promise",
    /\b(will (?:pay|send|transfer)|next (?:week|month|friday|monday)|end of (?:the )?(?:week|month)|by (?:monday|tuesday|wednesday|thursday|friday)|payment plan|instal(?:l)?ments?|extension|more time)\b/i,
  ],
];

export const replyTopic = (text: string): ReplyTopic =>
  TOPICS.find(([, pattern]) => pattern.test(text))?.[0] ?? "other";

/** The facts of a draft from the records, on `now` in the company's zone. */
export function draftFacts(
  company: CompanyForEmail,
  invoice: InvoiceRecord,
  history: { sent: number; overdue: number; lastSentAt: Date | null },
  now: Date,
): DraftFacts {
  const today = dateIn(company.timezone, now);
  // The reminder emails' own formatting of the number, amount due and due date.
  const values = variableValues(emailInput(company, invoice, { subject: "", content: "" }, now, "inline"));
  const daysOverdue = invoice.dueDate ? daysBetween(invoice.dueDate, today) : 0;
  return {
    companyName: company.name,
    customerName: invoice.customerName,
    invoiceNumber: values.invoice_number,
    currency: invoice.currency,
    locale: company.locale,
    amountDueCents: invoice.balanceCents,
    totalCents: invoice.totalCents,
    amountDue: values.invoice_amount,
    total: formatCents(invoice.totalCents, invoice.currency, company.locale),
    issueDate: invoice.txnDate,
    dueDate: invoice.dueDate,
    issueDateText: longDate(invoice.txnDate, company.locale),
    dueDateText: invoice.dueDate ? values.due_date : null,
    daysOverdue,
    remindersSent: history.sent,
    lastReminderText: history.lastSentAt
      ? longDate(dateIn(company.timezone, history.lastSentAt), company.locale)
      : null,
    stage: stageFor(invoice.dueDate, today),
    tone: toneFor(daysOverdue, history.overdue),
  };
}

export function customerReply(
  reply: { text: string; at: Date } | undefined,
  company: Pick<CompanyForEmail, "timezone" | "locale">,
): CustomerReply | null {
  const text = reply?.text.trim();
  if (!reply || !text) return null;
  return {
    text,
    dateText: longDate(dateIn(company.timezone, reply.at), company.locale),
    topic: replyTopic(text),
  };
}

/** What a model's draft may state: the amount due, the total, the due and issue dates, the number. */
export const guardRecord = (facts: DraftFacts): GuardRecord => ({
  locale: facts.locale,
  currency: facts.currency,
  invoiceNumber: facts.invoiceNumber,
  amountsCents: [facts.amountDueCents, facts.totalCents],
  dates: [facts.dueDate, facts.issueDate].filter((d): d is string => d !== null),
  daysOverdue: facts.daysOverdue,
});
