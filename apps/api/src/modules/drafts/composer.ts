/**
 * The built-in composer: writes the next email about an invoice from its facts alone, with no
 * network. Friendly up to the due date, firm once overdue, a final notice when long overdue or
 * after several overdue reminders; the customer's last reply is acknowledged by its topic and
 * never quoted. The composer's figures come from the records, so its draft needs no guard.
 */
import type { CustomerReply, DraftFacts, DraftInput } from "./facts.ts";
import { plural } from "./plural.ts";

export interface WrittenDraft {
  subject: string;
  /** Plain text, paragraphs separated by blank lines. */
  body: string;
}

function acknowledgement(reply: CustomerReply): string {
  const thanks = `Thank you for your reply of ${reply.dateText}.`;
  switch (reply.topic) {
    case "payment":
      return `${thanks} We have not yet been able to match a payment to this invoice. If you have paid, could you send us the payment date and reference so we can find it?`;
    case "dispute":
      return `${thanks} We are sorry to hear there may be a problem with this invoice. Please tell us what is wrong and we will look into it right away.`;
    case "promise":
      return `${thanks} We appreciate you letting us know when to expect payment.`;
    default:
      return thanks;
  }
}

/** "Of the invoice total of $2,000.00, $1,250.00 remains open." when part of it was paid or credited. */
const remainder = (f: DraftFacts) =>
  f.totalCents !== f.amountDueCents
    ? ` Of the invoice total of ${f.total}, ${f.amountDue} remains open.`
    : "";

const history = (f: DraftFacts, lead: (reminders: string) => string) =>
  f.remindersSent > 0
    ? ` ${lead(plural(f.remindersSent, "reminder"))}${f.lastReminderText ? `, most recently on ${f.lastReminderText}` : ""}, and have not yet received payment.`
    : "";

function friendly(f: DraftFacts) {
  const n = f.invoiceNumber;
  const due = f.dueDateText;
  if (!due) {
    return {
      subject: `Invoice ${n}: ${f.amountDue} open`,
      facts: `This is a friendly reminder that invoice ${n} for ${f.amountDue}, issued on ${f.issueDateText}, is still open.${remainder(f)}`,
    };
  }
  if (f.daysOverdue === 0) {
    return {
      subject: `Invoice ${n} is due today`,
      facts: `This is a friendly reminder that invoice ${n} for ${f.amountDue} is due today, ${due}.${remainder(f)}`,
    };
  }
  return {
    subject: `Invoice ${n} is due on ${due}`,
    facts: `This is a friendly reminder that invoice ${n} for ${f.amountDue} is due on ${due}, in ${plural(-f.daysOverdue, "day")}.${remainder(f)}`,
  };
}

const BODIES = {
  friendly: {
    greeting: (name: string) => `Hi ${name || "there"},`,
    ask: "If payment is already on its way, thank you, and please disregard this note. If you have any questions about the invoice, just reply to this email.",
    closing: "Thanks,",
  },
  firm: {
    greeting: (name: string) => (name ? `Dear ${name},` : "Hello,"),
    ask: "Please arrange payment within the next 7 days, or reply to let us know when we can expect it. If something about the invoice is not right, tell us and we will look into it.",
    closing: "Kind regards,",
  },
  final: {
    greeting: (name: string) => (name ? `Dear ${name},` : "Hello,"),
    ask: "Please pay the full balance within 7 days of this notice. If we do not hear from you, we will have to consider further steps to recover it. If you cannot pay in full, reply to this email and we can agree on a payment plan.",
    closing: "Sincerely,",
  },
} as const;

/** The composer's draft for the invoice. */
export function composeDraft({ facts: f, reply }: DraftInput): WrittenDraft {
  const n = f.invoiceNumber;
  const late = `was due on ${f.dueDateText} and is now ${plural(f.daysOverdue, "day")} overdue`;
  const { subject, facts } =
    f.tone === "friendly"
      ? friendly(f)
      : f.tone === "firm"
        ? {
            subject: `Overdue: invoice ${n} (${f.amountDue})`,
            facts: `Invoice ${n} for ${f.amountDue} ${late}.${remainder(f)}${history(f, (r) => `We have sent ${r} about it`)}`,
          }
        : {
            subject: `Final notice: invoice ${n}, ${f.amountDue} overdue`,
            facts: `This is a final notice about invoice ${n}. The balance of ${f.amountDue} ${late}.${remainder(f)}${history(f, (r) => `We have sent ${r}`)}`,
          };
  const body = BODIES[f.tone];
  const paragraphs = [
    body.greeting(f.customerName),
    ...(reply ? [acknowledgement(reply)] : []),
    facts,
    body.ask,
    `${body.closing}\n${f.companyName}`,
  ];
  return { subject, body: paragraphs.join("\n\n") };
}
