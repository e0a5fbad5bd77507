import {
  apiPaths,
  errorBodySchema,
  renewSubscriptionRequestSchema,
  renewSubscriptionResponseSchema,
  subscriptionDetailsQuerySchema,
  subscriptionDetailsResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId } from "../auth/index.ts";
import { renewSubscription, subscriptionDetails } from "./billing.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const schemas = routeSchemas({ tag: "billing", errors });

/** The Billing page's calls: the company's subscription (spec section 7) and renewing a canceled one. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.billing.subscriptionDetails,
      schemas.query(subscriptionDetailsQuerySchema, { 200: subscriptionDetailsResponseSchema }),
      async (request) => ({ data: await subscriptionDetails(ctx, currentCompanyId(request), request.log) }),
    );

    app.post(
      apiPaths.billing.renew,
      schemas.body(renewSubscriptionRequestSchema, {
        200: renewSubscriptionResponseSchema,
        404: errorBodySchema,
        409: errorBodySchema,
      }),
      async (request) => ({ data: await renewSubscription(ctx, currentCompanyId(request)) }),
    );
  };
}
