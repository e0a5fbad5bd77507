import type { EndBehavior, NewSubscription } from "../billing.ts";
import { cardError, invalidRequest, missingParam, noSuch } from "../errors.ts";
import { mergeMetadata, type Params, rangeFilter } from "../params.ts";
import { page, render } from "../render.ts";
import type { SubscriptionRow } from "../state.ts";
import { DAY } from "../time.ts";
import type { Price, Subscription } from "../types.ts";
import { priceRow } from "./catalog.ts";
import { ownPaymentMethod } from "./payment-methods.ts";
import { type ApiContext, type ApiRoute, causeOf, customerRow, route } from "./route.ts";

const CREATE = [
  "add_invoice_items",
  "application_fee_percent",
  "automatic_tax",
  "backdate_start_date",
  "billing_cycle_anchor",
  "billing_cycle_anchor_config",
  "billing_mode",
  "billing_schedules",
  "billing_thresholds",
  "cancel_at",
  "cancel_at_period_end",
  "collection_method",
  "currency",
  "customer",
  "customer_account",
  "days_until_due",
  "default_payment_method",
  "default_source",
  "default_tax_rates",
  "description",
  "discounts",
  "expand",
  "invoice_settings",
  "items",
  "metadata",
  "off_session",
  "on_behalf_of",
  "payment_behavior",
  "payment_settings",
  "pending_invoice_item_interval",
  "proration_behavior",
  "transfer_data",
  "trial_end",
  "trial_from_plan",
  "trial_period_days",
  "trial_settings",
];
const UPDATE = [
  "add_invoice_items",
  "application_fee_percent",
  "automatic_tax",
  "billing_cycle_anchor",
  "billing_schedules",
  "billing_thresholds",
  "cancel_at",
  "cancel_at_period_end",
  "cancellation_details",
  "collection_method",
  "days_until_due",
  "default_payment_method",
  "default_source",
  "default_tax_rates",
  "description",
  "discounts",
  "expand",
  "invoice_settings",
  "items",
  "metadata",
  "off_session",
  "on_behalf_of",
  "pause_collection",
  "payment_behavior",
  "payment_settings",
  "pending_invoice_item_interval",
  "proration_behavior",
  "proration_date",
  "transfer_data",
  "trial_end",
  "trial_from_plan",
  "trial_settings",
];
const LIST = [
  "automatic_tax",
  "collection_method",
  "created",
  "current_period_end",
  "current_period_start",
  "customer",
  "customer_account",
  "expand",
  "plan",
  "price",
  "status",
  "test_clock",
  "ending_before",
  "limit",
  "starting_after",
];
const ITEM = [
  "price",
  "price_data",
  "plan",
  "quantity",
  "metadata",
  "discounts",
  "tax_rates",
  "billing_thresholds",
  "current_trial",
  "id",
  "deleted",
  "clear_usage",
];
const STATUSES = [
  "active",
  "all",
  "canceled",
  "ended",
  "incomplete",
  "incomplete_expired",
  "past_due",
  "paused",
  "trialing",
  "unpaid",
] as const;
const END_BEHAVIORS = ["cancel", "pause", "create_invoice"] as const;
const PAYMENT_BEHAVIORS = [
  "allow_incomplete",
  "default_incomplete",
  "error_if_incomplete",
  "pending_if_incomplete",
] as const;

function subscriptionRow(ctx: ApiContext, id: string): SubscriptionRow {
  const row = ctx.sandbox.state.subscriptions.get(id);
  if (!row) throw noSuch("subscription", id);
  return row;
}

function recurringPrice(ctx: ApiContext, item: Params): Price | undefined {
  if (item.has("price_data")) {
    throw invalidRequest(
      "The sandbox does not support price_data; create a Price and pass its id.",
      item.name("price_data"),
    );
  }
  const id = item.str("price") || item.str("plan");
  if (!id) return undefined;
  const price = priceRow(ctx, id, item.name("price")).obj;
  if (price.type !== "recurring") {
    throw invalidRequest(
      "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.",
      item.name("price"),
    );
  }
  if (!price.active) {
    throw invalidRequest(
      "The price specified is inactive. This field only accepts active prices.",
      item.name("price"),
    );
  }
  return price;
}

function endBehavior(p: Params): EndBehavior | undefined {
  return p.obj("trial_settings")?.obj("end_behavior")?.oneOf("missing_payment_method", END_BEHAVIORS);
}

function customerOf(ctx: ApiContext, sub: Subscription) {
  return customerRow(ctx, typeof sub.customer === "string" ? sub.customer : sub.customer.id);
}

export const subscriptionRoutes: ApiRoute[] = [
  route("POST", "/v1/subscriptions", (ctx) => {
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
  }),
  route("GET", "/v1/subscriptions/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, subscriptionRow(ctx, ctx.path.id!).obj, p.expand());
  }),
  route("POST", "/v1/subscriptions/:id", (ctx) => {
    const p = ctx.p.allow(UPDATE);
    const { billing } = ctx.sandbox;
    const row = subscriptionRow(ctx, ctx.path.id!);
    const customer = customerOf(ctx, row.obj);
    const cause = causeOf(ctx, customer);
    if (row.obj.status === "canceled" || row.obj.status === "incomplete_expired") {
      const allowed = new Set(["metadata", "cancellation_details", "expand"]);
      const other = Object.keys(p.raw).find((k) => !allowed.has(k));
      if (other) {
        throw invalidRequest(
          "A canceled subscription can only update its cancellation_details and metadata.",
          other,
        );
      }
    }
    const changes = (p.list("items") ?? []).map((item) => {
      item.allow(ITEM);
      const price = recurringPrice(ctx, item);
      const quantity = item.int("quantity", 0);
      return {
        ...(item.str("id") ? { id: item.str("id")! } : {}),
        ...(price ? { price } : {}),
        ...(quantity !== undefined ? { quantity } : {}),
        deleted: item.bool("deleted") ?? false,
      };
    });
    const pm = p.str("default_payment_method");
    const pmId =
      pm === undefined
        ? undefined
        : pm === ""
          ? null
          : ownPaymentMethod(ctx, customer, pm, "default_payment_method");
    const trialEnd = p.time("trial_end", true);
    if (typeof trialEnd === "number" && trialEnd <= cause.at) {
      throw invalidRequest(
        "Invalid timestamp: must be an integer Unix timestamp in the future.",
        "trial_end",
        "parameter_invalid_integer",
      );
    }
    const cancelAt = p.has("cancel_at")
      ? p.str("cancel_at") === ""
        ? null
        : p.time("cancel_at")
      : undefined;
    const details = p.obj("cancellation_details");
    const pause = p.has("pause_collection") ? p.obj("pause_collection") : undefined;
    const behavior = endBehavior(p);

    billing.update(row, cause, (sub) => {
      if (changes.length) billing.applyItems(sub, changes, cause.at);
      if (pmId !== undefined) sub.default_payment_method = pmId;
      sub.metadata = mergeMetadata(sub.metadata, p.metadata());
      if (p.has("description")) sub.description = p.str("description") || null;
      if (behavior)
        sub.trial_settings = {
          end_behavior: { billing_cycle_anchor: null, missing_payment_method: behavior },
        };
      if (typeof trialEnd === "number") billing.applyTrialEnd(row, trialEnd, cause.at);
      const cape = p.bool("cancel_at_period_end");
      if (cape !== undefined) billing.applyCancelAtPeriodEnd(sub, cape, cause.at);
      if (cancelAt !== undefined)
        billing.applyCancelAt(sub, cancelAt === "now" ? cause.at : cancelAt, cause.at);
      if (details && sub.cancellation_details) {
        if (details.has("comment")) sub.cancellation_details.comment = details.str("comment") || null;
        const feedback = details.str("feedback");
        if (feedback !== undefined) {
          sub.cancellation_details.feedback = (feedback || null) as NonNullable<
            Subscription["cancellation_details"]
          >["feedback"];
        }
      }
      if (p.has("pause_collection")) {
        const how = pause?.oneOf("behavior", ["keep_as_draft", "mark_uncollectible", "void"] as const);
        sub.pause_collection = how
          ? { behavior: how, resumes_at: (pause?.time("resumes_at") as number | undefined) ?? null }
          : null;
      }
      const method = p.oneOf("collection_method", ["charge_automatically", "send_invoice"] as const);
      if (method) sub.collection_method = method;
      const due = p.int("days_until_due", 0);
      if (due !== undefined) sub.days_until_due = due;
    });
    if (trialEnd === "now" && row.obj.status === "trialing") billing.endTrialNow(row, cause);
    billing.catchUp(row.obj.test_clock as string | null);
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("DELETE", "/v1/subscriptions/:id", (ctx) => {
    const p = ctx.p.allow(["cancellation_details", "expand", "invoice_now", "prorate"]);
    const row = subscriptionRow(ctx, ctx.path.id!);
    if (row.obj.status === "canceled" || row.obj.status === "incomplete_expired") {
      throw invalidRequest(
        `This subscription has already been canceled. Subscriptions that have been canceled cannot be updated.`,
        undefined,
        "resource_missing",
        404,
      );
    }
    const details = p.obj("cancellation_details");
    ctx.sandbox.billing.cancelNow(row, causeOf(ctx, customerOf(ctx, row.obj)), "cancellation_requested", {
      comment: details?.str("comment") || null,
      feedback: details?.str("feedback") || null,
    });
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("POST", "/v1/subscriptions/:id/resume", (ctx) => {
    const p = ctx.p.allow([
      "billing_cycle_anchor",
      "expand",
      "payment_behavior",
      "proration_behavior",
      "proration_date",
    ]);
    const row = subscriptionRow(ctx, ctx.path.id!);
    if (row.obj.status !== "paused") {
      throw invalidRequest(
        "Only subscriptions with a status of `paused` can be resumed.",
        undefined,
        "subscription_not_paused",
      );
    }
    const result = ctx.sandbox.billing.resume(row, causeOf(ctx, customerOf(ctx, row.obj)));
    if (!result.ok && p.str("payment_behavior") === "error_if_incomplete") throw cardError(result.decline);
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("GET", "/v1/subscriptions", (ctx) => {
    const p = ctx.p.allow(LIST);
    const customer = p.str("customer");
    const clock = p.str("test_clock");
    const price = p.str("price") || p.str("plan");
    const status = p.oneOf("status", STATUSES);
    const created = rangeFilter(p, "created");
    const method = p.str("collection_method");
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.subscriptions.values(),
      p,
      "/v1/subscriptions",
      "subscription",
      (sub) =>
        (!customer || sub.customer === customer) &&
        (clock ? sub.test_clock === clock : customer ? true : !sub.test_clock) &&
        (!price || sub.items.data.some((i) => i.price.id === price)) &&
        (status === "all" ||
          (status === "ended"
            ? ["canceled", "incomplete_expired"].includes(sub.status)
            : status
              ? sub.status === status
              : sub.status !== "canceled")) &&
        (!created || created(sub.created)) &&
        (!method || sub.collection_method === method),
    );
  }),
  route("GET", "/v1/subscription_items", (ctx) => {
    const p = ctx.p.allow(["subscription", "expand", "ending_before", "limit", "starting_after"]);
    const row = subscriptionRow(ctx, p.requiredStr("subscription"));
    const rows = row.obj.items.data.map((item, i) => ({ obj: item, seq: i }));
    return page(ctx.sandbox.state, rows, p, `/v1/subscription_items`, "subscription item");
  }),
  route("GET", "/v1/subscription_items/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    for (const row of ctx.sandbox.state.subscriptions.values()) {
      const item = row.obj.items.data.find((i) => i.id === ctx.path.id);
      if (item) return render(ctx.sandbox.state, item, p.expand());
    }
    throw noSuch("subscription_item", ctx.path.id!);
  }),
];
