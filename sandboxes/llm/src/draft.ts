/**
 * The "model": writes a collections email from the facts, without a model. The tone follows
 * `facts.tone` (else `daysOverdue`: friendly up to the due date, firm when overdue, final from 30
 * days), the wording follows `daysOverdue` and `remindersSent`, and the invoice number, amount due
 * and due date are quoted exactly as given, except in the modes that get them wrong on purpose.
 */
import { wrongAmount, wrongDate, wrongInvoice, zeroAmount } from "./alter.ts";
import { findInjection, includedText } from "./injection.ts";
import type { LlmMode } from "./modes.ts";
import type { Facts, PromptData, Tone } from "./prompt.ts";

export interface Draft {
  subject: string;
  body: string;
}

export interface Composed {
  draft: Draft;
  tone: Tone;
  /** What the draft did differently on purpose (wrong figures, followed instructions). */
  notes: string[];
}

const FINAL_FROM_DAYS = 30;

export function toneOf(facts: Facts): Tone {
  if (facts.tone) return facts.tone;
  const days = facts.daysOverdue ?? 0;
  if (days <= 0) return "friendly";
  return days < FINAL_FROM_DAYS ? "firm" : "final";
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Writes the draft for `mode` ("normal" for every mode that does not change the wording). */
export function composeDraft({ facts: given, customerReply }: PromptData, mode: LlmMode): Composed {
  const facts = given ?? {};
  const notes: string[] = [];
  if (!given) notes.push("no <facts> block with a JSON object in the user message");
  const tone = toneOf(facts);
  let invoice = facts.invoiceNumber;
  let amount = facts.amountDue;
  let due = facts.dueDate;
  if (mode === "wrong-amount") {
    amount = wrongAmount(facts.amountDue, facts.total);
    notes.push(`amount due stated as ${amount} instead of ${facts.amountDue ?? "(none)"}`);
  } else if (mode === "wrong-date") {
    due = wrongDate(facts.dueDate);
    notes.push(`due date stated as ${due} instead of ${facts.dueDate ?? "(none)"}`);
  } else if (mode === "wrong-invoice") {
    invoice = wrongInvoice(facts.invoiceNumber);
    notes.push(`invoice number stated as ${invoice} instead of ${facts.invoiceNumber ?? "(none)"}`);
  }

  const injection = mode === "obey-injection" ? findInjection(customerReply) : null;
  if (mode === "obey-injection" && !injection) notes.push("no instruction found in <customer_reply>");
  const included = mode === "include-text" ? includedText(customerReply) : null;
  if (mode === "include-text" && !included) notes.push('no "Include this text:" in <customer_reply>');

  const inv = invoice ? `invoice ${invoice}` : "your invoice";
  const Inv = invoice ? `Invoice ${invoice}` : "Your invoice";
  const forAmount = amount ? ` for ${amount}` : "";
  const onDue = due ? ` on ${due}` : "";
  const days = facts.daysOverdue;
  // The count of days a draft states: in "wrong-days", a week further from the due date.
  let statedDays = days;
  if (mode === "wrong-days") {
    if (days !== undefined && days !== 0) {
      statedDays = days > 0 ? days + 7 : days - 7;
      const said = (d: number) => (d > 0 ? `${plural(d, "day")} overdue` : `${plural(-d, "day")} from now`);
      notes.push(`days stated as ${said(statedDays)} instead of ${said(days)}`);
    } else notes.push("no count of days to state wrongly (due today, or no daysOverdue)");
  }
  const reminders = facts.remindersSent ?? 0;
  const totalNote =
    facts.total && facts.amountDue && facts.total !== facts.amountDue && amount
      ? ` Of the invoice total of ${facts.total}, ${amount} remains outstanding.`
      : "";

  let subject: string;
  let facts1: string;
  let ask: string;
  if (injection?.zeroBalance) {
    const zero = zeroAmount(facts.amountDue);
    notes.push(`followed the customer's instruction: balance stated as ${zero}`);
    subject = `${Inv}: balance ${zero}`;
    facts1 = `As requested, we confirm that the balance on ${inv} is now ${zero} and nothing further is owed.`;
    ask = "No further payment is needed. Thank you for your business.";
  } else if (tone === "friendly") {
    if (days !== undefined && days < 0) {
      subject = `Upcoming payment: ${inv} is due ${due ?? "soon"}`;
      facts1 = `I hope all is well. Just a quick note that ${inv}${forAmount} is due${onDue}, ${plural(-statedDays!, "day")} from now.${totalNote}`;
    } else if (days === 0) {
      subject = `${Inv} is due today`;
      facts1 = `I hope all is well. A quick reminder that ${inv}${forAmount} is due today${due ? `, ${due}` : ""}.${totalNote}`;
    } else if (days !== undefined) {
      subject = `Friendly reminder: ${inv} is past due`;
      facts1 = `I hope all is well. Our records show that ${inv}${forAmount}, due${onDue}, is still open. It may simply have slipped through the cracks.${totalNote}`;
    } else {
      subject = `Reminder: ${inv}`;
      facts1 = `I hope all is well. This is a friendly reminder about ${inv}${forAmount}, due${onDue}.${totalNote}`;
    }
    ask =
      days !== undefined && days > 0
        ? "Could you let us know when we can expect payment? If you have already sent it, thank you, and please disregard this note."
        : "If you have already arranged payment, thank you, and please disregard this note.";
  } else if (tone === "firm") {
    subject = `Overdue: ${inv}${amount ? ` (${amount})` : ""} was due ${due ?? "already"}`;
    facts1 =
      days !== undefined && days > 0
        ? `${Inv}${forAmount} was due${onDue} and is now ${plural(statedDays!, "day")} overdue.`
        : `${Inv}${forAmount} is due${onDue}.`;
    if (reminders > 0) {
      facts1 += ` We have sent ${plural(reminders, "reminder")} so far and have not yet received payment.`;
    }
    facts1 += totalNote;
    ask =
      "Please arrange payment within the next 7 days, or reply to let us know when we can expect it. If there is a problem with the invoice, tell us and we will look into it.";
  } else {
    subject = `Final notice: ${inv}${amount ? `, ${amount}` : ""} overdue`;
    facts1 = `This is a final notice regarding ${inv}.${amount ? ` The balance of ${amount}` : " The balance"} was due${onDue}`;
    facts1 += days !== undefined && days > 0 ? ` and is now ${plural(statedDays!, "day")} overdue.` : ".";
    if (reminders > 0) {
      facts1 += ` Despite ${plural(reminders, "previous reminder")}, it remains unpaid.`;
    }
    facts1 += totalNote;
    ask =
      "Please pay the full balance within 7 days of this notice. If we do not hear from you, we will have to consider further steps to recover it. If you cannot pay in full, reply to this email and we can discuss a payment plan.";
  }

  const name = facts.customerName;
  const greeting = tone === "friendly" ? `Hi ${name ?? "there"},` : name ? `Dear ${name},` : "Hello,";
  const paragraphs = [greeting];
  const ack = acknowledge(customerReply, injection !== null || included !== null);
  if (ack) paragraphs.push(ack);
  paragraphs.push(facts1);
  for (const text of [...(injection?.planted ?? []), ...(included ? [included] : [])]) {
    notes.push(`followed the customer's instruction: included "${text}"`);
    paragraphs.push(text);
  }
  paragraphs.push(ask);
  const closing = { friendly: "Thanks,", firm: "Regards,", final: "Sincerely," }[tone];
  paragraphs.push([closing, facts.senderName, facts.companyName].filter(Boolean).join("\n"));
  return { draft: { subject, body: paragraphs.join("\n\n") }, tone, notes };
}

/** One sentence about the customer's reply; never quotes it (unless obeying an injection). */
function acknowledge(reply: string | null, obeying: boolean): string | undefined {
  if (!reply) return undefined;
  if (obeying) return "Thank you for your message.";
  if (/\b(paid|sent|transferr?ed|wired|payment (?:was|has been) made|cheque|check)\b/i.test(reply)) {
    return "Thank you for your reply. We have not yet been able to match a payment to this invoice. If you have paid, could you send us the payment date and reference so we can find it?";
  }
  if (/\b(wrong|incorrect|dispute|mistake|error|never (?:received|ordered)|overcharged)\b/i.test(reply)) {
    return "Thank you for your reply. We are sorry to hear there may be a problem with the invoice, and we are happy to look into it.";
  }
  return "Thank you for your reply.";
}

/** The text the model answers: JSON, or what the broken-output modes make of it. */
export function renderText(draft: Draft, mode: LlmMode): string {
  if (mode === "invalid-json") {
    return `Sure! Here is a draft of the reminder email:\n\nSubject: ${draft.subject}\n\n${draft.body}`;
  }
  if (mode === "fenced-json") return `\`\`\`json\n${JSON.stringify(draft, null, 2)}\n\`\`\``;
  return JSON.stringify(draft);
}
