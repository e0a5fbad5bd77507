/**
 * Pages: the billing portal (`/p/session/:token`, what billing_portal.sessions return), hosted
 * invoices (`/i/:token`), a home page listing customers (loopback only) and the stylesheet.
 * Every change is a form POST answered with a redirect (post, redirect, get).
 */
import type { ServerResponse } from "node:http";
import { fromLoopback, escapeHtml as h, readBody, redirect, sendHtml, sendText } from "../http.ts";
import { type PageContext, type PageRoute, page } from "../server.ts";
import type { SessionRow } from "../state.ts";
import { formatAmount, formatDate } from "../time.ts";
import * as actions from "./actions.ts";
import { layout, STYLESHEET, STYLESHEET_PATH } from "./layout.ts";
import { portalPage } from "./page.ts";

function notFound(res: ServerResponse, message: string): void {
  sendHtml(res, 404, layout("Not found", `<h1>Not found</h1><p>${h(message)}</p>`));
}

/** Origins a portal form may end up at: where its flow redirects after completion. */
function formTargets(session: SessionRow): string[] {
  const target = session.obj.flow?.after_completion.redirect?.return_url;
  if (!target) return [];
  try {
    return [new URL(target).origin];
  } catch {
    return [];
  }
}

function sessionOf(ctx: PageContext): SessionRow | undefined {
  return ctx.sandbox.state.sessionByToken(ctx.params.token!);
}

async function form(ctx: PageContext): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(ctx.req));
}

/** Runs a portal action: success → flash + redirect; a `PortalError` → the page again with it. */
async function act(
  ctx: PageContext,
  run: (session: SessionRow, data: URLSearchParams) => string,
): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) return notFound(ctx.res, "This portal session has expired or does not exist.");
  const data = await form(ctx);
  try {
    session.flash = run(session, data);
  } catch (error) {
    if (!(error instanceof actions.PortalError)) throw error;
    const customer = actions.customerOf(ctx.sandbox, session);
    const card = {
      number: data.get("card_number") ?? "",
      expiry: data.get("card_expiry") ?? "",
      cvc: "",
      name: data.get("card_name") ?? "",
      postalCode: data.get("postal_code") ?? "",
    };
    const view = { error: { message: error.message, ...(error.field ? { field: error.field } : {}) }, card };
    return sendHtml(
      ctx.res,
      error.status,
      portalPage(ctx.sandbox, session, customer, view),
      formTargets(session),
    );
  }
  const after = session.obj.flow?.after_completion;
  if (after?.type === "redirect" && after.redirect) return redirect(ctx.res, after.redirect.return_url);
  redirect(ctx.res, `/p/session/${session.token}`);
}

function withSubscription(
  ctx: PageContext,
  run: (
    session: SessionRow,
    sub: ReturnType<typeof actions.ownSubscription>,
    data: URLSearchParams,
  ) => string,
): Promise<void> {
  return act(ctx, (session, data) => {
    const customer = actions.customerOf(ctx.sandbox, session);
    return run(session, actions.ownSubscription(ctx.sandbox, customer, ctx.params.sub!), data);
  });
}

function homePage(ctx: PageContext): string {
  const { state } = ctx.sandbox;
  const rows = [...state.customers.values()]
    .filter((c) => !c.deleted)
    .sort((a, b) => b.seq - a.seq)
    .map((c) => {
      const subs = [...state.subscriptions.values()]
        .filter((s) => s.obj.customer === c.obj.id)
        .map((s) => s.obj.status);
      const clock = actions.clockOf(ctx.sandbox, c);
      const clockCell = clock
        ? `<code>${h(clock.obj.id)}</code> ${h(formatDate(clock.obj.frozen_time))}<form method="post" action="/test_clocks/${h(clock.obj.id)}/advance"><input type="hidden" name="days" value="15"><button type="submit" class="secondary">Advance clock 15 days</button></form>`
        : "";
      return `<tr><td>${h(c.obj.email ?? "")}</td><td><code>${h(c.obj.id)}</code></td><td>${h(subs.join(", ") || "none")}</td><td>${clockCell}</td><td><form method="post" action="/portal/customers/${h(c.obj.id)}"><button type="submit" class="secondary">Open portal</button></form></td></tr>`;
    });
  const prices = [...state.prices.values()].map(
    (p) =>
      `<li><code>${h(p.obj.id)}</code> (<code>${h(p.obj.lookup_key ?? "")}</code>) ${h(formatAmount(p.obj.unit_amount ?? 0, p.obj.currency))} / ${h(p.obj.recurring?.interval ?? "once")}</li>`,
  );
  return layout(
    "Sandbox",
    `<h1>Stripe sandbox</h1>
<p>API: <code>${h(ctx.sandbox.baseUrl)}/v1</code>, version <code>${h(ctx.sandbox.config.apiVersion)}</code>. Control API: <code>/_sandbox</code>.</p>
<section><h2>Prices</h2><ul>${prices.join("")}</ul></section>
<section><h2>Customers</h2>${rows.length ? `<table><thead><tr><th scope="col">Email</th><th scope="col">Id</th><th scope="col">Subscriptions</th><th scope="col">Test clock</th><th scope="col"><span class="muted">Portal</span></th></tr></thead><tbody>${rows.join("")}</tbody></table>` : '<p class="muted">No customers yet.</p>'}</section>`,
  );
}

export const pageRoutes: PageRoute[] = [
  page("GET", STYLESHEET_PATH, (ctx) => sendText(ctx.res, 200, "text/css", STYLESHEET)),
  page("GET", "/", (ctx) => {
    if (!fromLoopback(ctx.req))
      return notFound(ctx.res, "The sandbox home page only answers loopback callers.");
    sendHtml(ctx.res, 200, homePage(ctx));
  }),
  page("POST", "/portal/customers/:id", (ctx) => {
    if (!fromLoopback(ctx.req)) return notFound(ctx.res, "Only loopback callers can open sessions here.");
    const customer = ctx.sandbox.state.customers.get(ctx.params.id!);
    if (!customer || customer.deleted) return notFound(ctx.res, "No such customer.");
    const session = ctx.sandbox.createPortalSession(
      customer,
      { return_url: `${ctx.sandbox.baseUrl}/` },
      ctx.sandbox.billing.causeFor(customer),
    );
    redirect(ctx.res, `/p/session/${session.token}`);
  }),
  page("GET", "/p/session/:token", (ctx) => {
    const session = sessionOf(ctx);
    if (!session) return notFound(ctx.res, "This portal session has expired or does not exist.");
    const customer = ctx.sandbox.state.customers.get(session.obj.customer);
    if (!customer || customer.deleted) return notFound(ctx.res, "This customer no longer exists.");
    ctx.sandbox.billing.catchUp(null);
    const notice = session.flash;
    delete session.flash;
    sendHtml(
      ctx.res,
      200,
      portalPage(ctx.sandbox, session, customer, notice ? { notice } : {}),
      formTargets(session),
    );
  }),
  page("POST", "/p/session/:token/payment_method", (ctx) =>
    act(ctx, (session, data) =>
      actions.addCard(ctx.sandbox, actions.customerOf(ctx.sandbox, session), {
        number: data.get("card_number") ?? "",
        expiry: data.get("card_expiry") ?? "",
        cvc: data.get("card_cvc") ?? "",
        name: data.get("card_name") ?? "",
        postalCode: data.get("postal_code") ?? "",
      }),
    ),
  ),
  page("POST", "/p/session/:token/subscriptions/:sub/plan", (ctx) =>
    withSubscription(ctx, (session, sub, data) =>
      actions.switchPlan(
        ctx.sandbox,
        session,
        actions.customerOf(ctx.sandbox, session),
        sub,
        data.get("price") ?? "",
      ),
    ),
  ),
  page("POST", "/p/session/:token/subscriptions/:sub/cancel", (ctx) =>
    withSubscription(ctx, (session, sub, data) =>
      actions.cancel(
        ctx.sandbox,
        actions.customerOf(ctx.sandbox, session),
        sub,
        data.get("when") ?? "period_end",
      ),
    ),
  ),
  page("POST", "/p/session/:token/subscriptions/:sub/renew", (ctx) =>
    withSubscription(ctx, (session, sub) =>
      actions.renew(ctx.sandbox, actions.customerOf(ctx.sandbox, session), sub),
    ),
  ),
  page("POST", "/p/session/:token/subscriptions/:sub/resume", (ctx) =>
    withSubscription(ctx, (session, sub) =>
      actions.resume(ctx.sandbox, actions.customerOf(ctx.sandbox, session), sub),
    ),
  ),
  page("POST", "/p/session/:token/test_clock/advance", (ctx) =>
    act(ctx, (session, data) => {
      const customer = actions.customerOf(ctx.sandbox, session);
      return actions.advanceTestClock(
        ctx.sandbox,
        actions.clockOf(ctx.sandbox, customer),
        Number(data.get("days") ?? ""),
      );
    }),
  ),
  page("POST", "/test_clocks/:id/advance", async (ctx) => {
    if (!fromLoopback(ctx.req)) return notFound(ctx.res, "Only loopback callers can move test clocks here.");
    const clock = ctx.sandbox.state.clocks.get(ctx.params.id!);
    if (!clock || clock.deleted) return notFound(ctx.res, "No such test clock.");
    const days = Number(new URLSearchParams(await readBody(ctx.req)).get("days") ?? "");
    try {
      actions.advanceTestClock(ctx.sandbox, clock, days);
    } catch (error) {
      if (!(error instanceof actions.PortalError)) throw error;
      return sendHtml(
        ctx.res,
        400,
        layout(
          "Sandbox",
          `<h1>Stripe sandbox</h1><p role="alert">${h(error.message)}</p><p><a href="/">Back</a></p>`,
        ),
      );
    }
    redirect(ctx.res, "/");
  }),
  page("POST", "/p/session/:token/invoices/:invoice/pay", (ctx) =>
    act(ctx, (session) =>
      actions.payInvoice(ctx.sandbox, actions.customerOf(ctx.sandbox, session), ctx.params.invoice!),
    ),
  ),
  page("GET", "/i/:token", (ctx) => {
    const row = ctx.sandbox.state.invoiceByToken(ctx.params.token!);
    if (!row) return notFound(ctx.res, "No such invoice.");
    const inv = row.obj;
    const lines = inv.lines.data
      .map(
        (l) =>
          `<tr><td>${h(l.description ?? "")}</td><td>${h(formatDate(l.period.start))} – ${h(formatDate(l.period.end))}</td><td>${h(formatAmount(l.amount, l.currency))}</td></tr>`,
      )
      .join("");
    sendHtml(
      ctx.res,
      200,
      layout(
        `Invoice ${inv.number ?? inv.id}`,
        `<h1>Invoice ${h(inv.number ?? inv.id)}</h1>
<section><p><span class="badge ${h(inv.status ?? "")}">${h(inv.status ?? "")}</span></p>
<p>Billed to ${h(inv.customer_email ?? (inv.customer as string))} on ${h(formatDate(inv.created))}.</p>
<p>Amount due: <strong>${h(formatAmount(inv.amount_due, inv.currency))}</strong>; paid: ${h(formatAmount(inv.amount_paid, inv.currency))}.</p>
<table><thead><tr><th scope="col">Description</th><th scope="col">Period</th><th scope="col">Amount</th></tr></thead><tbody>${lines}</tbody></table></section>`,
      ),
    );
  }),
];
