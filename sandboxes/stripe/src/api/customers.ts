import { noSuch } from "../errors.ts";
import { newId } from "../ids.ts";
import { newCustomer } from "../objects/customer.ts";
import { mergeMetadata, type Params, rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { CustomerRow } from "../state.ts";
import type { Customer } from "../types.ts";
import { attachTo, ownPaymentMethod } from "./payment-methods.ts";
import { type ApiContext, type ApiRoute, causeOf, customerRow, route } from "./route.ts";

/** The parameters both create and update take (as the SDK's typings list them). */
const COMMON = [
  "address",
  "balance",
  "business_name",
  "cash_balance",
  "description",
  "email",
  "expand",
  "individual_name",
  "invoice_prefix",
  "invoice_settings",
  "metadata",
  "name",
  "next_invoice_sequence",
  "phone",
  "preferred_locales",
  "shipping",
  "source",
  "tax",
  "tax_exempt",
  "validate",
];
const CREATE = [...COMMON, "payment_method", "tax_id_data", "test_clock"];
const UPDATE = [...COMMON, "default_source"];
const LIST = ["created", "email", "test_clock", ...PAGE_PARAMS];

/** The plain fields customers.create and customers.update share. */
function applyFields(customer: Customer, p: Params): void {
  for (const key of ["email", "name", "description", "phone"] as const) {
    const value = p.str(key);
    if (value !== undefined) customer[key] = value === "" ? null : value;
  }
  const balance = p.int("balance");
  if (balance !== undefined) customer.balance = balance;
  const prefix = p.str("invoice_prefix");
  if (prefix) customer.invoice_prefix = prefix;
  const locales = p.strings("preferred_locales");
  if (p.has("preferred_locales")) customer.preferred_locales = locales ?? [];
  const address = p.obj("address");
  if (address) {
    customer.address = {
      city: address.str("city") || null,
      country: address.str("country") || null,
      line1: address.str("line1") || null,
      line2: address.str("line2") || null,
      postal_code: address.str("postal_code") || null,
      state: address.str("state") || null,
    };
  } else if (p.str("address") === "") {
    customer.address = null;
  }
  customer.metadata = mergeMetadata(customer.metadata, p.metadata());
}

function defaultPaymentMethod(ctx: ApiContext, customer: CustomerRow, p: Params, attached?: string): void {
  const settings = p.obj("invoice_settings");
  const value = settings?.str("default_payment_method");
  if (value === undefined) return;
  const param = "invoice_settings[default_payment_method]";
  const id =
    value === ""
      ? null
      : value === p.str("payment_method") && attached
        ? attached
        : ownPaymentMethod(ctx, customer, value, param);
  customer.obj.invoice_settings.default_payment_method = id;
}

export const customerRoutes: ApiRoute[] = [
  route("POST", "/v1/customers", (ctx) => {
    const { state, billing, events } = ctx.sandbox;
    const p = ctx.p.allow(CREATE);
    const clockId = p.str("test_clock") || null;
    const clock = clockId ? state.clocks.get(clockId) : undefined;
    if (clockId && (!clock || clock.deleted)) throw noSuch("test clock", clockId, "test_clock");
    const at = billing.clockTime(clockId);
    const customer = newCustomer(newId("cus"), at);
    customer.test_clock = clockId;
    applyFields(customer, p);
    const row: CustomerRow = { obj: customer, seq: state.next(), deleted: false, failNext: [] };
    const cause = causeOf(ctx, row);
    const pmId = p.str("payment_method");
    const defaultId = p.obj("invoice_settings")?.str("default_payment_method");
    if (defaultId && defaultId !== pmId) {
      ownPaymentMethod(ctx, row, defaultId, "invoice_settings[default_payment_method]");
    }
    // a card that declines fails the request before anything is stored
    const pm = pmId ? attachTo(ctx, row, pmId, "payment_method").obj.id : undefined;
    defaultPaymentMethod(ctx, row, p, pm);
    state.customers.set(customer.id, row);
    events.emit("customer.created", customer, cause);
    return render(state, customer, p.expand());
  }),
  route("GET", "/v1/customers/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = ctx.sandbox.state.customers.get(ctx.path.id!);
    if (!row) throw noSuch("customer", ctx.path.id!);
    if (row.deleted) return { id: row.obj.id, object: "customer", deleted: true };
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("POST", "/v1/customers/:id", (ctx) => {
    const p = ctx.p.allow(UPDATE);
    const row = customerRow(ctx, ctx.path.id!);
    const before = row.obj;
    // changes go to a copy first, so a bad parameter leaves the customer as it was
    const next: CustomerRow = { ...row, obj: structuredClone(row.obj) };
    applyFields(next.obj, p);
    defaultPaymentMethod(ctx, next, p);
    row.obj = next.obj;
    ctx.sandbox.events.changed("customer.updated", before, row.obj, causeOf(ctx, row));
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("DELETE", "/v1/customers/:id", (ctx) => {
    ctx.p.allow([]);
    const row = customerRow(ctx, ctx.path.id!);
    const cause = causeOf(ctx, row);
    for (const sub of ctx.sandbox.billing.subscriptionsOf(row.obj.id)) {
      ctx.sandbox.billing.cancelNow(sub, cause, "cancellation_requested");
    }
    row.deleted = true;
    ctx.sandbox.events.emit("customer.deleted", row.obj, cause);
    return { id: row.obj.id, object: "customer", deleted: true };
  }),
  route("GET", "/v1/customers", (ctx) => {
    const p = ctx.p.allow(LIST);
    const email = p.str("email");
    const clock = p.str("test_clock");
    const created = rangeFilter(p, "created");
    const rows = [...ctx.sandbox.state.customers.values()].filter((r) => !r.deleted);
    // like Stripe: customers on a test clock are only listed when asking for that clock
    return page(
      ctx.sandbox.state,
      rows,
      p,
      "/v1/customers",
      "customer",
      (c) =>
        (email === undefined || c.email === email) &&
        (clock ? c.test_clock === clock : !c.test_clock) &&
        (!created || created(c.created)),
    );
  }),
  route("GET", "/v1/customers/:id/payment_methods", (ctx) => {
    const p = ctx.p.allow(["allow_redisplay", "type", ...PAGE_PARAMS]);
    const row = customerRow(ctx, ctx.path.id!);
    const type = p.str("type");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.paymentMethods.values(),
      p,
      `/v1/customers/${row.obj.id}/payment_methods`,
      "payment_method",
      (pm) => pm.customer === row.obj.id && (!type || pm.type === type),
    );
  }),
  route("GET", "/v1/customers/:id/payment_methods/:pm", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = customerRow(ctx, ctx.path.id!);
    const pm = ctx.sandbox.state.paymentMethods.get(ctx.path.pm!);
    if (!pm || pm.obj.customer !== row.obj.id) throw noSuch("PaymentMethod", ctx.path.pm!);
    return render(ctx.sandbox.state, pm.obj, p.expand());
  }),
];
