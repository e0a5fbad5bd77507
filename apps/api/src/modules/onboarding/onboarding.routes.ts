import {
  apiPaths,
  errorBodySchema,
  onboardCheckQuerySchema,
  onboardCheckResponseSchema,
  onboardRequestSchema,
  onboardResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import { onboard } from "./onboarding.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };
const schemas = routeSchemas({ tag: "onboarding", errors });

export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.onboarding.onboardUser,
      schemas.body(onboardRequestSchema, { 201: onboardResponseSchema }),
      async (request, reply) => {
        const result = await onboard(ctx, currentUser(request).id, request.body);
        return reply.status(201).send({ data: { ...result, isOnboarded: true as const } });
      },
    );

    app.get(
      apiPaths.onboarding.check,
      schemas.query(onboardCheckQuerySchema, { 200: onboardCheckResponseSchema }),
      async (request) => {
        const { companyId } = currentUser(request);
        return { data: { isOnboarded: companyId !== null, companyId } };
      },
    );
  };
}
