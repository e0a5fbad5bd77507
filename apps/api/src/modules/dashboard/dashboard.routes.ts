import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { collectionErrors } from "../receivables/index.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.dashboard.summary,
      routeSchemas({ tag: "dashboard", errors: collectionErrors }).query(contract.dashboardQuerySchema, {
        200: contract.dashboardResponseSchema,
      }),
      async (request) => ({ data: await dashboardSummary(ctx, request.query.companyId) }),
    );
  };
}
