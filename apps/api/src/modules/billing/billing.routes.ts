import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId } from "../auth/index.ts";
import { renewSubscription, subscriptionDetails } from "./billing.service.ts";

const errors = errorAnswers(400, 401, 403);
const schemas = routeSchemas({ tag: "billing", errors });

/** The Billing page's calls: the company's subscription (spec section 7) and renewing a canceled one. */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.billing.subscriptionDetails,
      schemas.query(contract.subscriptionDetailsQuerySchema, {
        200: contract.subscriptionDetailsResponseSchema,
      }),
      async (request) => ({ data: await subscriptionDetails(ctx, currentCompanyId(request), request.log) }),
    );

    app.post(
      contract.apiPaths.billing.renew,
      schemas.body(contract.renewSubscriptionRequestSchema, {
        200: contract.renewSubscriptionResponseSchema,
        ...errorAnswers(404, 409),
      }),
      async (request) => ({ data: await renewSubscription(ctx, currentCompanyId(request)) }),
    );
  };
}
