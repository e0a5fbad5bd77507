/**
 * The subscription endpoints: create (subscription-create.ts) and update (subscription-update.ts),
 * here retrieve, cancel, resume, list, and the subscription items.
 */
import { cardError, invalidRequest, noSuch } from "../errors.ts";
import { rangeFilter } from "../params.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import { type ApiRoute, causeOf, route } from "./route.ts";
import { createSubscription } from "./subscription-create.ts";
import { customerOf, LIST, STATUSES, subscriptionRow } from "./subscription-params.ts";
import { updateSubscription } from "./subscription-update.ts";

export const subscriptionRoutes: ApiRoute[] = [
  createSubscription,
  route("GET", "/v1/subscriptions/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    return render(ctx.sandbox.state, subscriptionRow(ctx, ctx.path.id!).obj, p.expand());
  }),
  updateSubscription,
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
    const p = ctx.p.allow(["subscription", ...PAGE_PARAMS]);
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
