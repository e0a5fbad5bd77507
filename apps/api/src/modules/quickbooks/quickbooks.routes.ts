import {
  apiPaths,
  errorBodySchema,
  messageResponseSchema,
  pullResponseSchema,
  quickbooksCallbackRequestSchema,
  quickbooksConnectResponseSchema,
  quickbooksMessages,
  quickbooksStatusResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId, currentUser } from "../auth/index.ts";
import { beginConnect, completeConnect, deleteSyncedData, disconnect } from "./connection.service.ts";
import { afterConnect, connectionStatus, pull } from "./status.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const schemas = routeSchemas({ tag: "quickbooks", errors });
/** The spec's calls name the caller's email (checked as the caller's own by the tenant scope). */
const callerQuery = z.object({ email: z.string().max(254) });
const pulled = { 200: pullResponseSchema, 409: errorBodySchema };

export function quickbooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.quickbooks.connect,
      schemas.none({ 200: quickbooksConnectResponseSchema }),
      async (request) => ({
        data: { url: await beginConnect(ctx, currentUser(request).id, currentCompanyId(request)) },
      }),
    );

    app.post(
      apiPaths.quickbooks.callback,
      schemas.body(quickbooksCallbackRequestSchema, { 200: quickbooksStatusResponseSchema }),
      async (request) => {
        const companyId = currentCompanyId(request);
        await completeConnect(ctx, currentUser(request).id, companyId, request.body);
        return afterConnect(ctx, companyId);
      },
    );

    app.get(
      apiPaths.quickbooks.status,
      schemas.query(callerQuery, { 200: quickbooksStatusResponseSchema }),
      async (request) => connectionStatus(ctx, currentCompanyId(request)),
    );

    app.get(
      apiPaths.quickbooks.revoke,
      schemas.query(callerQuery, { 200: messageResponseSchema }),
      async (request) => {
        await disconnect(ctx, currentCompanyId(request));
        return { data: { message: quickbooksMessages.disconnected } };
      },
    );

    app.delete(
      apiPaths.quickbooks.data,
      schemas.query(callerQuery, { 200: messageResponseSchema, 409: errorBodySchema }),
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
      apiPaths.quickbooks.pullCustomers,
      schemas.query(z.object({ company_id: z.string().max(100) }), pulled),
      async (request) => pull(ctx, request.query.company_id),
    );
  };
}
