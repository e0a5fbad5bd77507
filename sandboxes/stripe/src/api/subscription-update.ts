/**
 * `POST /v1/subscriptions/:id`: items, the default card, metadata, trial end (or `now`),
 * cancel_at(_period_end), cancellation details, pause_collection, collection method; a canceled
 * subscription takes only metadata and cancellation details.
 */
import { invalidRequest } from "../errors.ts";
import { mergeMetadata } from "../params.ts";
import { render } from "../render.ts";
import type { Subscription } from "../types.ts";
import { ownPaymentMethod } from "./payment-methods.ts";
import { type ApiRoute, causeOf, route } from "./route.ts";
import {
  customerOf,
  endBehavior,
  ITEM,
  recurringPrice,
  subscriptionRow,
  UPDATE,
} from "./subscription-params.ts";

export const updateSubscription: ApiRoute = route("POST", "/v1/subscriptions/:id", (ctx) => {
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
  const cancelAt = p.has("cancel_at") ? (p.str("cancel_at") === "" ? null : p.time("cancel_at")) : undefined;
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
});
