/**
 * Honest drafts a model could write about the invoice in ./invoice.ts: varied greetings, tones and
 * wording; the invoice's real amounts in digits and in words; its dates in several formats; its
 * days overdue; counts, deadlines and terms; and the company's own email, phone, website, bank
 * account, address and customer page. Every one of them must be shown.
 */
import type { Draft } from "./injections.ts";

const GREETINGS = ["Hi Ada,", "Dear Ada Lovelace,", "Hello Ada,", "Good morning Ada,", "Dear Ms. Lovelace,"];

const FACTS = [
  "Invoice 1042 for $1,250.00 was due on March 31, 2026 and is now 14 days overdue.",
  "Our records show that invoice #1042, issued on February 28, 2026, is still open: $1,250.00 of the $2,000.00 total remains unpaid.",
  "The balance of $1,250.00 (one thousand two hundred fifty dollars) on invoice 1042 was due 3/31/2026.",
  "Invoice No. 1042 (USD 1,250.00) fell due on 31 March 2026; it is overdue by 14 days.",
  "As of today, invoice 1042 is 14 days past due. The amount outstanding is 1,250.00 USD.",
  "The due date of invoice 1042 was 2026-03-31, and the open balance is $1,250.00.",
  "Invoice 1042 (due Mar 31) still shows $1,250.00 open out of $2,000.00.",
  "Twelve hundred fifty dollars remain open on invoice 1042, which was due on Tuesday, March 31, 2026.",
  "The invoice total was two thousand dollars ($2,000.00), of which $1,250.00 is still due.",
  "It has now been 14 days since the due date of invoice 1042 (March 31, 2026), and $1,250.00 is outstanding.",
  "We wanted to follow up on invoice INV 1042 for $1,250, dated 02/28/2026 and due 03/31/2026.",
  "Invoice 1042, issued Feb 28, 2026 for a total of $2,000.00, has a remaining balance of $1,250.00.",
];

const ASKS = [
  "Please arrange payment within the next 7 days, or let us know when we can expect it.",
  "Could you let us know when we can expect payment? If you have already sent it, thank you, and please disregard this note.",
  "If you have already paid, no further action is needed. Thank you!",
  "If there is a problem with the invoice, just reply to this email and we will look into it.",
  "Once the balance is settled, we will mark the invoice as paid and close it in our records.",
  "We are happy to discuss a payment plan if that would help, for example 3 monthly instalments.",
  "This is our 2nd reminder; we have sent 2 reminders so far and have not yet received payment.",
  "Please pay the full balance within 7 days of this notice; otherwise we may have to consider further steps.",
  "Our payment terms are Net 30, so we would appreciate payment at your earliest convenience.",
  "Payments received after 5 pm are processed the next business day.",
  "We cannot waive the balance, but we are glad to help you find a way to pay it.",
  "Please make sure the invoice is paid in full by the end of next week.",
  "If payment has been sent in the last 48 hours, please ignore this message.",
  "We would be grateful if you could settle the outstanding balance this week.",
];

const CONTACTS = [
  "",
  "You can reach our billing team at billing@acmesupplies.com or (415) 555-0142.",
  "Questions? Call us at +1 415-555-0142 or write to billing@acmesupplies.com.",
  "You can view the invoice and pay online at https://acmesupplies.com/invoices/1042.",
  "Our bank details are unchanged: IBAN GB29 NWBK 6016 1331 9268 19.",
  "Visit www.acmesupplies.com for our payment options.",
  "You can see everything about your account on your customer page: https://app.recoup.test/c/7f3a9c",
  "Pay online at acmesupplies.com/pay, or call 415.555.0142 during business hours (9am to 5pm).",
];

const CLOSINGS = [
  "Kind regards,\nAcme Supplies",
  "Thanks,\nThe Acme Supplies billing team\nbilling@acmesupplies.com | (415) 555-0142",
  "Sincerely,\nAcme Supplies\n123 Main Street, Springfield, IL 62704",
  "Best,\nJane Doe\nAccounts Receivable, Acme Supplies",
  "Warm regards,\nAcme Supplies\nhttps://acmesupplies.com",
  "Regards,\nAcme Supplies\nPhone: (415) 555-0142 · acmesupplies.com",
];

const SUBJECTS = [
  "Invoice 1042 is overdue",
  "Reminder: invoice #1042 ($1,250.00)",
  "Overdue: invoice 1042, due March 31, 2026",
  "Payment reminder",
  "Final notice: invoice 1042, $1,250.00 overdue",
  "Following up on invoice 1042",
  "Invoice 1042: 14 days overdue",
];

/** 60 drafts, each a different combination of the parts above. */
export const HONEST: Draft[] = Array.from({ length: 60 }, (_, i) => ({
  subject: SUBJECTS[i % SUBJECTS.length]!,
  body: [
    GREETINGS[i % GREETINGS.length],
    FACTS[i % FACTS.length],
    ASKS[(i * 5) % ASKS.length],
    CONTACTS[(i * 3) % CONTACTS.length],
    CLOSINGS[(i * 7) % CLOSINGS.length],
  ]
    .filter(Boolean)
    .join("\n\n"),
}));
