import { invoiceSubscription } from "../billing.ts";
import { cardError, invalidRequest, noSuch } from "../errors.ts";
import { rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { InvoiceRow } from "../state.ts";
import { type ApiContext, type ApiRoute, causeOf, customerRow, route } from "./route.ts";

const LIST = [
  "collection_method",
  "created",
  "customer",
  "customer_account",
  "due_date",
  "status",
  "subscription",
  ...PAGE_PARAMS,
];
const PAY = ["expand", "forgive", "mandate", "off_session", "paid_out_of_band", "payment_method", "source"];

function invoiceRow(ctx: ApiContext, id: string): InvoiceRow {
  const row = ctx.sandbox.state.invoices.get(id);
  if (!row) throw noSuch("invoice", id);
  return row;
}

export const invoiceRoutes: ApiRoute[] = [
  route("GET", "/v1/invoices/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, invoiceRow(ctx, ctx.path.id!).obj, p.expand());
  }),
  route("GET", "/v1/invoices", (ctx) => {
    const p = ctx.p.allow(LIST);
    const customer = p.str("customer");
    const subscription = p.str("subscription");
    const status = p.oneOf("status", ["draft", "open", "paid", "uncollectible", "void"] as const);
    const method = p.str("collection_method");
    const created = rangeFilter(p, "created");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.invoices.values(),
      p,
      "/v1/invoices",
      "invoice",
      (inv) =>
        (!customer || inv.customer === customer) &&
        (!subscription || invoiceSubscription(inv) === subscription) &&
        (!status || inv.status === status) &&
        (!method || inv.collection_method === method) &&
        (!created || created(inv.created)),
    );
  }),
  route("GET", "/v1/invoices/:id/lines", (ctx) => {
    const p = ctx.p.allow(PAGE_PARAMS);
    const row = invoiceRow(ctx, ctx.path.id!);
    const rows = row.obj.lines.data.map((line, i) => ({
      obj: { ...line, created: row.obj.created },
      seq: -i,
    }));
    const list = page(ctx.sandbox.state, rows, p, `/v1/invoices/${row.obj.id}/lines`, "line item");
    for (const line of list.data) delete (line as { created?: number }).created;
    return list;
  }),
  route("POST", "/v1/invoices/:id/pay", (ctx) => {
    const p = ctx.p.allow(PAY);
    const row = invoiceRow(ctx, ctx.path.id!);
    if (row.obj.status === "paid") {
      throw invalidRequest("Invoice is already paid", undefined, "invoice_payment_intent_requires_action");
    }
    if (row.obj.status !== "open") {
      throw invalidRequest(
        `You can only pay an invoice that is open. This invoice is ${row.obj.status}.`,
        undefined,
        "invoice_not_editable",
      );
    }
    const customer = customerRow(ctx, row.obj.customer as string);
    const cause = causeOf(ctx, customer);
    const pmId = p.str("payment_method");
    const pm = pmId ? ctx.sandbox.state.paymentMethods.get(pmId) : undefined;
    if (pmId && (!pm || pm.obj.customer !== customer.obj.id))
      throw noSuch("PaymentMethod", pmId, "payment_method");
    if (p.bool("paid_out_of_band")) {
      ctx.sandbox.billing.settle(row, customer, { ok: true }, cause, false);
    } else {
      const result = ctx.sandbox.billing.pay(row, customer, cause, {
        automatic: false,
        ...(pm ? { paymentMethod: pm } : {}),
      });
      if (!result.ok) throw cardError(result.decline);
    }
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
];
