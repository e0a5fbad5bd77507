/**
 * The "view and pay" page an InvoiceLink opens: public (no sign-in), server-rendered, no scripts.
 * It shows the invoice and, when it can be paid online, a card form that pays the whole balance.
 */
import { displayDay, displayMoney } from "../accounting/display.ts";
import type { InvoiceRecord } from "../accounting/records.ts";
import { localDay } from "../accounting/time.ts";
import { escapeHtml as h } from "../http.ts";
import { layout } from "../oauth/consent-page.ts";
import type { CardField, CardForm } from "./cards.ts";

export interface PayView {
  company: string;
  customer: string;
  invoice: InvoiceRecord;
  now: number;
  /** Why the invoice cannot be paid here (Payments off...), if so. */
  blocked?: string;
  /** Day of the last payment, for a paid invoice. */
  paidOn?: number;
  /** Where the form posts (the link itself) and its anti-forgery token. */
  action: string;
  formToken: string;
  error?: { message: string; field?: CardField };
  /** What was typed, shown again after an error (never the card number or CVC). */
  typed?: Partial<CardForm>;
}

function status(view: PayView): string {
  const { invoice } = view;
  if (invoice.voided) return "Voided";
  if (invoice.balance === 0) return "Paid";
  const overdue = localDay(view.now) > invoice.dueDate;
  if (invoice.balance < invoice.total) return overdue ? "Partly paid, overdue" : "Partly paid";
  return overdue ? "Overdue" : "Open";
}

function field(view: PayView, name: CardField | "name", label: string, attrs: string): string {
  const invalid = view.error?.field === name;
  const value = name === "expiry" || name === "name" ? (view.typed?.[name] ?? "") : "";
  const describedBy = invalid ? "pay-error card-hint" : "card-hint";
  return `<div><label for="card-${name}">${h(label)}</label>
<input type="text" id="card-${name}" name="${name}" value="${h(value)}" ${attrs} aria-describedby="${describedBy}"${invalid ? ' aria-invalid="true"' : ""}></div>`;
}

function payForm(view: PayView, amount: string): string {
  return `<form method="post" action="${h(view.action)}" class="pay" novalidate>
<input type="hidden" name="csrf" value="${h(view.formToken)}">
<input type="hidden" name="syncToken" value="${view.invoice.syncToken}">
<fieldset>
<legend>Pay by card</legend>
${field(view, "number", "Card number", 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row">
${field(view, "expiry", "Expiry (MM/YY)", 'inputmode="numeric" autocomplete="cc-exp" required')}
${field(view, "cvc", "Security code (CVC)", 'inputmode="numeric" autocomplete="cc-csc" required')}
</div>
${field(view, "name", "Name on card (optional)", 'autocomplete="cc-name"')}
<p id="card-hint" class="detail">Sandbox test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. Any future date, any CVC.</p>
</fieldset>
<button type="submit" class="primary">Pay ${h(amount)}</button>
</form>`;
}

function outcome(view: PayView, amount: string): string {
  const { invoice } = view;
  if (invoice.voided)
    return `<p class="notice" role="status">This invoice was voided. There is nothing to pay.</p>`;
  if (invoice.balance === 0) {
    const on = view.paidOn !== undefined ? ` on ${displayDay(view.paidOn)}` : "";
    return `<p class="notice ok" role="status">This invoice was paid in full${h(on)}. Thank you!</p>`;
  }
  if (view.blocked) {
    return `<p class="notice" role="status">Online payment isn't available for this invoice. Contact ${h(view.company)} to pay it.</p>`;
  }
  if (!invoice.onlineCard) {
    return `<p class="notice" role="status">This invoice takes bank transfers (ACH) only, which the sandbox does not take online.</p>`;
  }
  const error = view.error
    ? `<p class="error" role="alert" id="pay-error">${h(view.error.message)}</p>\n`
    : "";
  return error + payForm(view, amount);
}

export function payPage(view: PayView): string {
  const { invoice } = view;
  const money = (cents: number) => displayMoney(cents, invoice.currency);
  const total = invoice.voided ? 0 : invoice.total;
  const title = `Invoice ${invoice.docNumber} from ${view.company}`;
  return layout(
    title,
    `<h1>${h(title)}</h1>
<p class="detail">For ${h(view.customer)}</p>
<dl class="summary">
<div><dt>Balance due</dt><dd>${h(money(invoice.balance))}</dd></div>
<div><dt>Invoice amount</dt><dd>${h(money(total))}</dd></div>
<div><dt>Due date</dt><dd>${h(displayDay(invoice.dueDate))}</dd></div>
<div><dt>Status</dt><dd>${h(status(view))}</dd></div>
</dl>
${outcome(view, money(invoice.balance))}`,
  );
}
