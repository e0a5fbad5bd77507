import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { previewLink } from "./preview-link.service.ts";

const schemas = routeSchemas({ tag: "customers", errors: collectionErrors });

/** 'Preview customer page' on Customer Details: the company's own route, in its scope. */
export function customerPageLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      contract.apiPaths.customers.pageLink,
      schemas.body(contract.customerPageLinkRequestSchema, { 200: contract.customerPageLinkResponseSchema }),
      async (request) => ({
        data: { url: await previewLink(ctx, currentCompanyId(request), request.body.customerRef) },
      }),
    );
  };
}
