import { apiPaths, dashboardQuerySchema, dashboardResponseSchema } from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { collectionErrors } from "../receivables/index.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.dashboard.summary,
      {
        schema: {
          security: [{ bearer: [] }],
          tags: ["dashboard"],
          querystring: dashboardQuerySchema,
          response: { 200: dashboardResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await dashboardSummary(ctx, request.query.companyId) };
      },
    );
  };
}
