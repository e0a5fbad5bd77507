import { apiPaths, dashboardQuerySchema, dashboardResponseSchema } from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { assertOwnCompany, authenticate } from "../../plugins/auth.ts";
import { collectionErrors } from "../invoices/invoices.routes.ts";
import { dashboardSummary } from "./dashboard.service.ts";

export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authenticate before the query is validated: an anonymous caller learns nothing but 401.
    app.addHook("onRequest", authenticate(ctx));

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
        assertOwnCompany(request, request.query.companyId);
        return { data: await dashboardSummary(ctx, request.query.companyId) };
      },
    );
  };
}
