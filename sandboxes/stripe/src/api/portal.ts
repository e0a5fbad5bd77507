import { invalidRequest, noSuch } from "../errors.ts";
import { PAGE_PARAMS, page, render } from "../render.ts";
import type { PortalSession } from "../types.ts";
import { type ApiRoute, causeOf, customerRow, route } from "./route.ts";

const CREATE = [
  "after_expiration",
  "configuration",
  "customer",
  "customer_account",
  "expand",
  "flow_data",
  "locale",
  "on_behalf_of",
  "return_url",
];
const FLOWS = [
  "payment_method_update",
  "subscription_cancel",
  "subscription_update",
  "subscription_update_confirm",
] as const;

export const portalRoutes: ApiRoute[] = [
  route("POST", "/v1/billing_portal/sessions", (ctx) => {
    const p = ctx.p.allow(CREATE);
    const customer = customerRow(ctx, p.requiredStr("customer"), "customer");
    const configuration = p.str("configuration");
    if (configuration && !ctx.sandbox.state.configurations.has(configuration)) {
      throw noSuch("billing portal configuration", configuration, "configuration");
    }
    const returnUrl = p.str("return_url") || null;
    if (returnUrl) {
      try {
        new URL(returnUrl);
      } catch {
        throw invalidRequest("Not a valid URL", "return_url", "url_invalid");
      }
    }
    let flow: PortalSession["flow"] = null;
    const data = p.obj("flow_data");
    if (data) {
      const type = data.oneOf("type", FLOWS);
      if (!type)
        throw invalidRequest(
          "Missing required param: flow_data[type].",
          "flow_data[type]",
          "parameter_missing",
        );
      const after = data.obj("after_completion");
      const afterType =
        after?.oneOf("type", ["hosted_confirmation", "portal_homepage", "redirect"] as const) ??
        "portal_homepage";
      const redirect = after?.obj("redirect")?.str("return_url");
      if (afterType === "redirect" && !redirect) {
        throw invalidRequest(
          "Missing required param: flow_data[after_completion][redirect][return_url].",
          "flow_data[after_completion][redirect][return_url]",
          "parameter_missing",
        );
      }
      const sub = (key: string) => data.obj(key)?.str("subscription") ?? "";
      flow = {
        after_completion: {
          hosted_confirmation:
            afterType === "hosted_confirmation"
              ? { custom_message: after?.obj("hosted_confirmation")?.str("custom_message") ?? null }
              : null,
          redirect: afterType === "redirect" ? { return_url: redirect! } : null,
          type: afterType,
        },
        customer_update: null,
        subscription_cancel:
          type === "subscription_cancel"
            ? { retention: null, subscription: sub("subscription_cancel") }
            : null,
        subscription_pause: null,
        subscription_update:
          type === "subscription_update" ? { subscription: sub("subscription_update") } : null,
        subscription_update_confirm:
          type === "subscription_update_confirm"
            ? { discounts: null, items: [], subscription: sub("subscription_update_confirm") }
            : null,
        type,
      };
    }
    const locale = p.str("locale") as PortalSession["locale"] | undefined;
    const row = ctx.sandbox.createPortalSession(
      customer,
      {
        return_url: returnUrl,
        flow,
        ...(configuration ? { configuration } : {}),
        ...(locale ? { locale } : {}),
      },
      causeOf(ctx, customer),
    );
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("GET", "/v1/billing_portal/configurations/:id", (ctx) => {
    const p = ctx.p.allow(["expand"]);
    const row = ctx.sandbox.state.configurations.get(ctx.path.id!);
    if (!row) throw noSuch("billing portal configuration", ctx.path.id!);
    return render(ctx.sandbox.state, row.obj, p.expand());
  }),
  route("GET", "/v1/billing_portal/configurations", (ctx) => {
    const p = ctx.p.allow(["active", "is_default", ...PAGE_PARAMS]);
    return page(
      ctx.sandbox.state,
      ctx.sandbox.state.configurations.values(),
      p,
      "/v1/billing_portal/configurations",
      "billing portal configuration",
    );
  }),
];
