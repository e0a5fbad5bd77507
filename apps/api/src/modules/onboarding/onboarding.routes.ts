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
import { currentUser } from "../auth/index.ts";
import { onboard } from "./onboarding.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema };

export function onboardingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.onboarding.onboardUser,
      {
        schema: {
          tags: ["onboarding"],
          security: [{ bearer: [] }],
          body: onboardRequestSchema,
          response: { 201: onboardResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const result = await onboard(ctx, currentUser(request).id, request.body);
        return reply.status(201).send({ data: { ...result, isOnboarded: true as const } });
      },
    );

    app.get(
      apiPaths.onboarding.check,
      {
        schema: {
          tags: ["onboarding"],
          security: [{ bearer: [] }],
          querystring: onboardCheckQuerySchema,
          response: { 200: onboardCheckResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { companyId } = currentUser(request);
        return { data: { isOnboarded: companyId !== null, companyId } };
      },
    );
  };
}
