import { apiPaths, dashboardQuerySchema, dashboardResponseSchema } from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { collectionErrors } from "../receivables/index.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.dashboard.summary,
      routeSchemas({ tag: "dashboard", errors: collectionErrors }).query(dashboardQuerySchema, {
        200: dashboardResponseSchema,
      }),
      async (request) => ({ data: await dashboardSummary(ctx, request.query.companyId) }),
    );
  };
}
