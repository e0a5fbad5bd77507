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
import { currentCompanyId } from "../auth/index.ts";
import { renewSubscription, subscriptionDetails } from "./billing.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const secured = { tags: ["billing"], security: [{ bearer: [] }] };

/** The Billing page's calls: the company's subscription (spec section 7) and renewing a canceled one. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.billing.subscriptionDetails,
      {
        schema: {
          ...secured,
          querystring: subscriptionDetailsQuerySchema,
          response: { 200: subscriptionDetailsResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await subscriptionDetails(ctx, currentCompanyId(request), request.log) };
      },
    );

    app.post(
      apiPaths.billing.renew,
      {
        schema: {
          ...secured,
          body: renewSubscriptionRequestSchema,
          response: {
            200: renewSubscriptionResponseSchema,
            404: errorBodySchema,
            409: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request) => {
        return { data: await renewSubscription(ctx, currentCompanyId(request)) };
      },
    );
  };
}
