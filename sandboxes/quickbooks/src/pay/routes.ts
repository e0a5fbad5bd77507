/**
 * The public pages InvoiceLinks open: `GET /t/scs-v1-…` shows the invoice, `POST` pays it by card
 * (post, redirect, get). A payment goes through the control API's payInvoice, so it makes the same
 * Payment, balance, SyncToken, CDC entry and webhooks (Payment Create, Invoice Update) as there.
 * Forms carry a token bound to a browser cookie (SameSite=Lax, so another site cannot post with
 * it) and to the page, and the SyncToken seen, so a changed invoice is shown again before paying.
 */
import { randomBytes } from "node:crypto";
import { pageCsp } from "@recoup/sandbox-http";
import type { InvoiceRecord } from "../accounting/records.ts";
import type { CompanyStore } from "../accounting/store.ts";
import type { RequestContext, Route } from "../context.ts";
import { SandboxControl } from "../control.ts";
import { readParams, redirect, sendHtml } from "../http.ts";
import { layout } from "../oauth/consent-page.ts";
import { chargeCard } from "./cards.ts";
import { LINK_PATH, linkBlocker } from "./links.ts";
import { type PayView, payPage } from "./page.ts";

const COOKIE = "qbo_sandbox_pay";
const CSP = pageCsp(["'self'"]);

interface Target {
  realmId: string;
  store: CompanyStore;
  invoice: InvoiceRecord;
}

function target(ctx: RequestContext): Target | undefined {
  const named = ctx.sandbox.invoiceLinks.parse(ctx.params);
  const realm = named && ctx.sandbox.realms.get(named.realmId);
  const invoice = named && realm?.store.invoices.get(named.invoiceId);
  return realm && invoice ? { realmId: named.realmId, store: realm.store, invoice } : undefined;
}

const cookieId = (ctx: RequestContext): string | undefined =>
  /(?:^|;\s*)qbo_sandbox_pay=([0-9a-f]{32})(?:;|$)/.exec(ctx.req.headers.cookie ?? "")?.[1];

/** The browser's id from its cookie, or a new one (set on the answer). */
function browserId(ctx: RequestContext): string {
  const found = cookieId(ctx);
  if (found) return found;
  const id = randomBytes(16).toString("hex");
  ctx.res.setHeader("set-cookie", `${COOKIE}=${id}; Path=/t/; HttpOnly; SameSite=Lax`);
  return id;
}

function show(ctx: RequestContext, t: Target, status = 200, extra: Partial<PayView> = {}): void {
  const { store, invoice } = t;
  const payments = store.paymentsLinkedTo(invoice.id);
  const blocked = linkBlocker(store.info, invoice);
  const view: PayView = {
    company: store.info.name,
    customer: store.customers.get(invoice.customerId)?.displayName ?? "",
    invoice,
    now: ctx.sandbox.now(),
    ...(blocked ? { blocked } : {}),
    ...(payments.length ? { paidOn: Math.max(...payments.map((p) => p.txnDate)) } : {}),
    action: `${ctx.url.pathname}${ctx.url.search}`,
    formToken: ctx.sandbox.invoiceLinks.sign("form", `${browserId(ctx)}:${ctx.url.pathname}`),
    ...extra,
  };
  sendHtml(ctx.res, status, payPage(view), CSP);
}

function notFound(ctx: RequestContext): void {
  const body = `<h1>This invoice isn't available</h1><p>The link is not valid, or the invoice was deleted. Contact the business that sent it.</p>`;
  sendHtml(ctx.res, 404, layout("Invoice not available", body), CSP);
}

async function pay(ctx: RequestContext): Promise<void> {
  const t = target(ctx);
  if (!t) return notFound(ctx);
  const form = await readParams(ctx.req);
  const typed = { expiry: form.get("expiry") ?? "", name: (form.get("name") ?? "").trim().slice(0, 80) };
  const cookie = cookieId(ctx);
  const token = form.get("csrf") ?? "";
  if (!cookie || !ctx.sandbox.invoiceLinks.verify("form", `${cookie}:${ctx.url.pathname}`, token)) {
    const message = "This page expired before it was sent. Check the details and pay again.";
    return show(ctx, t, 403, { error: { message }, typed });
  }
  const { invoice } = t;
  if (invoice.balance === 0 || invoice.voided || linkBlocker(t.store.info, invoice) || !invoice.onlineCard) {
    return redirect(ctx.res, `${ctx.url.pathname}${ctx.url.search}`, 303);
  }
  if (form.get("syncToken") !== String(invoice.syncToken)) {
    const message = "This invoice changed after the page was opened. Check the balance and pay again.";
    return show(ctx, t, 409, { error: { message }, typed });
  }
  const charge = chargeCard(
    { number: form.get("number") ?? "", expiry: typed.expiry, cvc: form.get("cvc") ?? "", name: typed.name },
    ctx.sandbox.now(),
  );
  if (!charge.approved) {
    const error = { message: charge.message, ...(charge.field ? { field: charge.field } : {}) };
    return show(ctx, t, charge.status, { error, typed });
  }
  new SandboxControl(ctx.sandbox).payInvoice(t.realmId, invoice.id, {
    method: "Credit Card",
    privateNote: `Paid online by card ending ${charge.last4}${typed.name ? ` (${typed.name})` : ""}`,
  });
  redirect(ctx.res, `${ctx.url.pathname}${ctx.url.search}`, 303);
}

export const payRoutes: Route[] = [
  {
    method: "GET",
    path: LINK_PATH,
    handle: (ctx) => {
      const t = target(ctx);
      return t ? show(ctx, t) : notFound(ctx);
    },
  },
  { method: "POST", path: LINK_PATH, handle: pay },
];
