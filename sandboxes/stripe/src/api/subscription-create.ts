/** `POST /v1/subscriptions`: items, a trial (days, an end, or the plan's), the payment behaviour. */
import type { NewSubscription } from "../billing.ts";
import { invalidRequest, missingParam } from "../errors.ts";
import { mergeMetadata } from "../params.ts";
import { render } from "../render.ts";
import { DAY } from "../time.ts";
import { ownPaymentMethod } from "./payment-methods.ts";
import { type ApiRoute, causeOf, customerRow, route } from "./route.ts";
import { CREATE, endBehavior, ITEM, PAYMENT_BEHAVIORS, recurringPrice } from "./subscription-params.ts";

export const createSubscription: ApiRoute = route("POST", "/v1/subscriptions", (ctx) => {
  const p = ctx.p.allow(CREATE);
  const customer = customerRow(ctx, p.requiredStr("customer"), "customer");
  const cause = causeOf(ctx, customer);
  const items = p.list("items");
  if (!items?.length) throw missingParam("items");
  const specs = items.map((item) => {
    item.allow(ITEM);
    const price = recurringPrice(ctx, item);
    if (!price) throw missingParam(item.name("price"));
    return { price, quantity: item.int("quantity", 0) ?? 1 };
  });
  if (new Set(specs.map((s) => s.price.currency)).size > 1) {
    throw invalidRequest("All prices on a subscription must have the same currency.", "items");
  }
  const days = p.int("trial_period_days", 0, 730);
  const trialEndParam = p.time("trial_end", true);
  if (days !== undefined && trialEndParam !== undefined) {
    throw invalidRequest(
      "You may only specify one of these parameters: trial_end, trial_period_days.",
      "trial_end",
    );
  }
  let trialEnd: number | undefined;
  if (days) trialEnd = cause.at + days * DAY;
  if (typeof trialEndParam === "number") {
    if (trialEndParam <= cause.at) {
      throw invalidRequest(
        "Invalid timestamp: must be an integer Unix timestamp in the future.",
        "trial_end",
        "parameter_invalid_integer",
      );
    }
    trialEnd = trialEndParam;
  }
  if (trialEnd === undefined && p.bool("trial_from_plan")) {
    const planDays = specs[0]!.price.recurring?.trial_period_days;
    if (planDays) trialEnd = cause.at + planDays * DAY;
  }
  const pm = p.str("default_payment_method");
  const settings = p.obj("payment_settings");
  const spec: NewSubscription = {
    items: specs,
    ...(trialEnd !== undefined ? { trialEnd } : {}),
    endBehavior: endBehavior(p) ?? "create_invoice",
    defaultPaymentMethod: pm ? ownPaymentMethod(ctx, customer, pm, "default_payment_method") : null,
    paymentBehavior: p.oneOf("payment_behavior", PAYMENT_BEHAVIORS) ?? "allow_incomplete",
    cancelAtPeriodEnd: p.bool("cancel_at_period_end") ?? false,
    metadata: mergeMetadata({}, p.metadata()),
    description: p.str("description") || null,
    collectionMethod:
      p.oneOf("collection_method", ["charge_automatically", "send_invoice"] as const) ??
      "charge_automatically",
    daysUntilDue: p.int("days_until_due", 0) ?? null,
    saveDefaultPaymentMethod:
      settings?.oneOf("save_default_payment_method", ["off", "on_subscription"] as const) ?? "off",
    billingMode: p.obj("billing_mode")?.oneOf("type", ["classic", "flexible"] as const) ?? "flexible",
  };
  const row = ctx.sandbox.billing.createSubscription(customer, spec, cause);
  const cancelAt = p.time("cancel_at");
  if (typeof cancelAt === "number") {
    ctx.sandbox.billing.update(row, cause, (s) => ctx.sandbox.billing.applyCancelAt(s, cancelAt, cause.at));
  }
  return render(ctx.sandbox.state, row.obj, p.expand());
});
