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
import { currentCompanyId, currentUser } from "../auth/index.ts";
import { beginConnect, completeConnect, deleteSyncedData, disconnect } from "./connection.service.ts";
import { afterConnect, connectionStatus, pull } from "./status.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const secured = { security: [{ bearer: [] }], tags: ["quickbooks"] };

export function quickbooksRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.quickbooks.connect,
      { schema: { ...secured, response: { 200: quickbooksConnectResponseSchema, ...errors } } },
      async (request) => ({
        data: { url: await beginConnect(ctx, currentUser(request).id, currentCompanyId(request)) },
      }),
    );

    app.post(
      apiPaths.quickbooks.callback,
      {
        schema: {
          ...secured,
          body: quickbooksCallbackRequestSchema,
          response: { 200: quickbooksStatusResponseSchema, ...errors },
        },
      },
      async (request) => {
        const companyId = currentCompanyId(request);
        await completeConnect(ctx, currentUser(request).id, companyId, request.body);
        return afterConnect(ctx, companyId);
      },
    );

    app.get(
      apiPaths.quickbooks.status,
      {
        schema: {
          ...secured,
          querystring: z.object({ email: z.string().max(254) }),
          response: { 200: quickbooksStatusResponseSchema, ...errors },
        },
      },
      async (request) => {
        return connectionStatus(ctx, currentCompanyId(request));
      },
    );

    app.get(
      apiPaths.quickbooks.revoke,
      {
        schema: {
          ...secured,
          querystring: z.object({ email: z.string().max(254) }),
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await disconnect(ctx, currentCompanyId(request));
        return { data: { message: quickbooksMessages.disconnected } };
      },
    );

    app.delete(
      apiPaths.quickbooks.data,
      {
        schema: {
          ...secured,
          querystring: z.object({ email: z.string().max(254) }),
          response: { 200: messageResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => {
        await deleteSyncedData(ctx, currentCompanyId(request));
        return { data: { message: "The data synced from QuickBooks was deleted." } };
      },
    );

    app.get(
      "/v1/business/invoice/pull/:companyId",
      {
        schema: {
          ...secured,
          params: z.object({ companyId: z.string().max(100) }),
          response: { 200: pullResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => {
        return pull(ctx, request.params.companyId);
      },
    );

    app.get(
      apiPaths.quickbooks.pullCustomers,
      {
        schema: {
          ...secured,
          querystring: z.object({ company_id: z.string().max(100) }),
          response: { 200: pullResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) => {
        return pull(ctx, request.query.company_id);
      },
    );
  };
}
