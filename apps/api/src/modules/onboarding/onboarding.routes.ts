import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import { onboard } from "./onboarding.service.ts";

const errors = errorAnswers(400, 401, 403, 409);
const schemas = routeSchemas({ tag: "onboarding", errors });

export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      contract.apiPaths.onboarding.onboardUser,
      schemas.body(contract.onboardRequestSchema, { 201: contract.onboardResponseSchema }),
      async (request, reply) => {
        const result = await onboard(ctx, currentUser(request).id, request.body);
        return reply.status(201).send({ data: { ...result, isOnboarded: true as const } });
      },
    );

    app.get(
      contract.apiPaths.onboarding.check,
      schemas.query(contract.onboardCheckQuerySchema, { 200: contract.onboardCheckResponseSchema }),
      async (request) => {
        const { companyId } = currentUser(request);
        return { data: { isOnboarded: companyId !== null, companyId } };
      },
    );
  };
}
