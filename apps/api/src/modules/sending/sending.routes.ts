import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { checkDns, removeSending, saveSending, sendingStatus } from "./sending.service.ts";

const schemas = routeSchemas({ tag: "sending", errors: errorAnswers(400, 401, 403) });
const answer = { 200: contract.sendingResponseSchema };

/** Integrations' 'Send as your company': the address and DKIM key, and 'Check DNS'. */
export function sendingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const path = contract.apiPaths.sending.settings;
    app.get(path, schemas.query(contract.sendingQuerySchema, answer), async (request) => ({
      data: await sendingStatus(ctx, request.query.companyId),
    }));
    app.put(path, schemas.body(contract.sendingSaveRequestSchema, answer), async (request) => ({
      data: await saveSending(ctx, request.body.companyId, request.body),
    }));
    app.delete(path, schemas.query(contract.sendingQuerySchema, answer), async (request) => {
      await removeSending(ctx, request.query.companyId);
      return { data: { sending: null } };
    });
    app.post(
      contract.apiPaths.sending.checkDns,
      schemas.body(contract.sendingQuerySchema, {
        200: contract.sendingCheckResponseSchema,
        ...errorAnswers(404, 502),
      }),
      async (request) => ({ data: await checkDns(ctx, request.body.companyId) }),
    );
  };
}
