import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId, currentUser } from "../auth/index.ts";
import { beginConnect, completeConnect, deleteSyncedData, disconnect } from "./connection.service.ts";
import { afterConnect, connectionStatus, pull } from "./status.service.ts";

const errors = errorAnswers(400, 401, 403, 404);
const schemas = routeSchemas({ tag: "quickbooks", errors });
/** The spec's calls name the caller's email (checked as the caller's own by the tenant scope). */
const callerQuery = z.object({ email: z.string().max(254) });
const pulled = { 200: contract.pullResponseSchema, ...errorAnswers(409) };

export function quickbooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.quickbooks.connect,
      schemas.none({ 200: contract.quickbooksConnectResponseSchema }),
      async (request) => ({
        data: { url: await beginConnect(ctx, currentUser(request).id, currentCompanyId(request)) },
      }),
    );

    app.post(
      contract.apiPaths.quickbooks.callback,
      schemas.body(contract.quickbooksCallbackRequestSchema, {
        200: contract.quickbooksStatusResponseSchema,
      }),
      async (request) => {
        const companyId = currentCompanyId(request);
        await completeConnect(ctx, currentUser(request).id, companyId, request.body);
        return afterConnect(ctx, companyId);
      },
    );

    app.get(
      contract.apiPaths.quickbooks.status,
      schemas.query(callerQuery, { 200: contract.quickbooksStatusResponseSchema }),
      async (request) => connectionStatus(ctx, currentCompanyId(request)),
    );

    app.get(
      contract.apiPaths.quickbooks.revoke,
      schemas.query(callerQuery, { 200: contract.messageResponseSchema }),
      async (request) => {
        await disconnect(ctx, currentCompanyId(request));
        return { data: { message: contract.quickbooksMessages.disconnected } };
      },
    );

    app.delete(
      contract.apiPaths.quickbooks.data,
      schemas.query(callerQuery, { 200: contract.messageResponseSchema, ...errorAnswers(409) }),
      async (request) => {
        await deleteSyncedData(ctx, currentCompanyId(request));
        return { data: { message: "The data synced from QuickBooks was deleted." } };
      },
    );

    app.get(
      "/v1/business/invoice/pull/:companyId",
      schemas.params(z.object({ companyId: z.string().max(100) }), pulled),
      async (request) => pull(ctx, request.params.companyId),
    );

    app.get(
      contract.apiPaths.quickbooks.pullCustomers,
      schemas.query(z.object({ company_id: z.string().max(100) }), pulled),
      async (request) => pull(ctx, request.query.company_id),
    );
  };
}
