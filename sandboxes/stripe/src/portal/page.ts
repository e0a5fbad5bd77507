/** The hosted billing portal page: server-rendered, no scripts, plain forms. */
import { escapeHtml as h } from "../http.ts";
import type { Sandbox } from "../sandbox.ts";
import type { CustomerRow, SessionRow, SubscriptionRow } from "../state.ts";
import { formatAmount, formatDate } from "../time.ts";
import type { Price } from "../types.ts";
import { allowedPrices, type CardForm, clockOf } from "./actions.ts";
import { layout } from "./layout.ts";

export interface PortalView {
  notice?: string;
  error?: { message: string; field?: string };
  card?: Partial<CardForm>;
}

const STATUS_LABELS: Record<string, string> = {
  trialing: "Trial",
  active: "Active",
  past_due: "Past due",
  unpaid: "Unpaid",
  canceled: "Canceled",
  incomplete: "Incomplete",
  incomplete_expired: "Expired",
  paused: "Paused",
};

function priceLabel(sandbox: Sandbox, price: Price): string {
  const product = sandbox.state.products.get(price.product as string)?.obj.name ?? String(price.product);
  const every = price.recurring
    ? price.recurring.interval_count === 1
      ? `per ${price.recurring.interval}`
      : `every ${price.recurring.interval_count} ${price.recurring.interval}s`
    : "";
  return `${product} — ${formatAmount(price.unit_amount ?? 0, price.currency)} ${every}`;
}

function base(session: SessionRow): string {
  return `/p/session/${session.token}`;
}

function subscriptionSection(
  sandbox: Sandbox,
  session: SessionRow,
  row: SubscriptionRow,
  hasCard: boolean,
): string {
  const sub = row.obj;
  const item = sub.items.data[0]!;
  const product = sandbox.state.products.get(item.price.product as string)?.obj.name ?? "Plan";
  const action = `${base(session)}/subscriptions/${encodeURIComponent(sub.id)}`;
  const ended = sub.status === "canceled" || sub.status === "incomplete_expired";
  const lines: string[] = [];
  const trialEnd = sub.status === "trialing" ? sub.trial_end : null;
  if (trialEnd) lines.push(`Your trial ends on ${formatDate(trialEnd)}.`);
  if (sub.cancel_at && !ended) lines.push(`Your plan will be canceled on ${formatDate(sub.cancel_at)}.`);
  else if (trialEnd && !hasCard) lines.push("Add a card before then to keep your plan.");
  else if (trialEnd) lines.push("Your card will be charged when the trial ends.");
  else if (!ended && sub.status !== "paused") lines.push(`Renews on ${formatDate(item.current_period_end)}.`);
  if (sub.status === "past_due")
    lines.push("Your last payment failed. Add a card to pay the outstanding invoice.");
  if (sub.status === "paused")
    lines.push("Your trial ended without a payment method. Add a card, then resume.");
  if (ended && sub.ended_at) lines.push(`Ended on ${formatDate(sub.ended_at)}.`);

  let forms = "";
  if (!ended) {
    const prices = allowedPrices(sandbox, session)
      .map((id) => sandbox.state.prices.get(id)?.obj)
      .filter((p): p is Price => !!p && p.active);
    if (prices.length > 1 && sub.status !== "paused") {
      const choices = prices
        .map((price) => {
          const id = `price-${sub.id}-${price.id}`;
          const current = price.id === item.price.id;
          return `<div class="choice"><input type="radio" id="${h(id)}" name="price" value="${h(price.id)}"${current ? " checked" : ""} required><label for="${h(id)}">${h(priceLabel(sandbox, price))}${current ? " (current plan)" : ""}</label></div>`;
        })
        .join("\n");
      forms += `<form method="post" action="${h(action)}/plan">
<fieldset><legend>Change plan</legend>
${choices}
<button type="submit">Update plan</button>
</fieldset>
</form>`;
    }
    if (sub.status === "paused") {
      forms += `<form method="post" action="${h(action)}/resume"><button type="submit">Resume subscription</button></form>`;
    }
    if (sub.cancel_at_period_end || sub.cancel_at) {
      forms += `<form method="post" action="${h(action)}/renew"><button type="submit" class="secondary">Renew plan</button></form>`;
    } else if (sub.status !== "paused") {
      forms += `<form method="post" action="${h(action)}/cancel" class="inline"><input type="hidden" name="when" value="period_end"><button type="submit" class="secondary">Cancel plan</button></form>`;
    }
    forms += `<form method="post" action="${h(action)}/cancel" class="inline"><input type="hidden" name="when" value="now"><button type="submit" class="danger">Cancel immediately</button></form>`;
  }
  return `<div class="subscription" id="${h(sub.id)}">
<h3>${h(product)} <span class="badge ${h(sub.status)}">${h(STATUS_LABELS[sub.status] ?? sub.status)}</span></h3>
<p>${h(priceLabel(sandbox, item.price))}</p>
${lines.map((l) => `<p class="muted">${h(l)}</p>`).join("\n")}
${forms}
</div>`;
}

/** Not part of Stripe's portal: moves the customer's test clock, so a person can reach the trial's end. */
function clockSection(sandbox: Sandbox, session: SessionRow, customer: CustomerRow): string {
  const clock = clockOf(sandbox, customer);
  if (!clock) return "";
  const action = `${base(session)}/test_clock/advance`;
  const button = (days: number) =>
    `<form method="post" action="${h(action)}" class="inline"><input type="hidden" name="days" value="${days}"><button type="submit" class="secondary">Advance clock ${days} ${days === 1 ? "day" : "days"}</button></form>`;
  return `<section aria-labelledby="clock-heading" class="sandbox">
<h2 id="clock-heading">Sandbox: test clock</h2>
<p class="muted">This customer lives on test clock <code>${h(clock.obj.id)}</code>, now at ${h(formatDate(clock.obj.frozen_time))}. Moving it forward runs what falls due in between (trial end, renewals, payment retries) and sends its webhooks.</p>
${button(1)}${button(15)}${button(31)}
</section>`;
}

function field(
  name: keyof CardForm,
  id: string,
  label: string,
  attrs: string,
  view: PortalView,
  formName: string,
): string {
  const invalid = view.error?.field === formName;
  const value = view.card?.[name] ?? "";
  return `<div><label for="${id}">${h(label)}</label><input type="text" id="${id}" name="${formName}" value="${h(value)}" ${attrs}${invalid ? ' aria-invalid="true" aria-describedby="card-error"' : ""}></div>`;
}

export function portalPage(
  sandbox: Sandbox,
  session: SessionRow,
  customer: CustomerRow,
  view: PortalView,
): string {
  const { state } = sandbox;
  const subs = [...state.subscriptions.values()]
    .filter((s) => s.obj.customer === customer.obj.id)
    .sort((a, b) => b.obj.created - a.obj.created || b.seq - a.seq);
  const live = subs.filter((s) => s.obj.status !== "canceled" && s.obj.status !== "incomplete_expired");
  const shown = live.length ? live : subs.slice(0, 1);
  const defaultPm = customer.obj.invoice_settings.default_payment_method;
  const cards = [...state.paymentMethods.values()]
    .filter((pm) => pm.obj.customer === customer.obj.id)
    .sort((a, b) => b.seq - a.seq)
    .map((pm) => {
      const c = pm.obj.card!;
      const brand = c.brand.charAt(0).toUpperCase() + c.brand.slice(1);
      const isDefault = pm.obj.id === defaultPm;
      return `<li>${h(brand)} •••• ${h(c.last4)} <span class="muted">expires ${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}</span>${isDefault ? ' <span class="badge">Default</span>' : ""}</li>`;
    });
  const invoices = [...state.invoices.values()]
    .filter((i) => i.obj.customer === customer.obj.id && i.obj.status !== "draft")
    .sort((a, b) => b.obj.created - a.obj.created || b.seq - a.seq)
    .slice(0, 12)
    .map((inv) => {
      const i = inv.obj;
      const pay =
        i.status === "open"
          ? `<form method="post" action="${h(base(session))}/invoices/${h(i.id)}/pay"><button type="submit" class="secondary">Pay ${h(formatAmount(i.amount_remaining, i.currency))}</button></form>`
          : "";
      const link = i.hosted_invoice_url ? `<a href="${h(i.hosted_invoice_url)}">View</a>` : "";
      return `<tr><td>${h(formatDate(i.created))}</td><td>${h(formatAmount(i.amount_due, i.currency))}</td><td><span class="badge ${h(i.status ?? "")}">${h(i.status ?? "")}</span></td><td>${link}${pay}</td></tr>`;
    });
  const returnUrl = session.obj.return_url;
  const notice = view.notice ? `<p class="notice ok" role="status">${h(view.notice)}</p>` : "";
  const error = view.error
    ? `<p class="notice error" role="alert" id="card-error">${h(view.error.message)}</p>`
    : "";
  const body = `${returnUrl ? `<a class="back" href="${h(returnUrl)}">← Return to Recoup</a>` : ""}
<h1>Manage your billing</h1>
<p class="muted">${h(customer.obj.email ?? customer.obj.name ?? customer.obj.id)}</p>
${notice}${error}
<section aria-labelledby="plan-heading">
<h2 id="plan-heading">Current plan</h2>
${shown.length ? shown.map((s) => subscriptionSection(sandbox, session, s, !!sandbox.billing.paymentMethodOf(s.obj, customer))).join("\n") : '<p class="muted">You have no subscription.</p>'}
</section>
<section aria-labelledby="payment-heading">
<h2 id="payment-heading">Payment method</h2>
${cards.length ? `<ul>${cards.join("")}</ul>` : '<p class="muted">No card on file.</p>'}
<form method="post" action="${h(base(session))}/payment_method" novalidate>
<fieldset><legend>Add a card</legend>
${field("number", "card-number", "Card number", 'inputmode="numeric" autocomplete="cc-number" required', view, "card_number")}
<div class="row">
${field("expiry", "card-expiry", "Expiration date (MM / YY)", 'autocomplete="cc-exp" required', view, "card_expiry")}
${field("cvc", "card-cvc", "Security code (CVC)", 'inputmode="numeric" autocomplete="cc-csc" required', view, "card_cvc")}
</div>
${field("name", "card-name", "Name on card", 'autocomplete="cc-name"', view, "card_name")}
${field("postalCode", "card-postal", "ZIP code", 'autocomplete="postal-code"', view, "postal_code")}
<button type="submit">Add card</button>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is saved but later charges fail. Any future date and any CVC.</p>
</fieldset>
</form>
</section>
${clockSection(sandbox, session, customer)}
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoice history</h2>
${invoices.length ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th><th scope="col"><span class="muted">Actions</span></th></tr></thead><tbody>${invoices.join("")}</tbody></table>` : '<p class="muted">No invoices yet.</p>'}
</section>`;
  return layout("Billing", body);
}
