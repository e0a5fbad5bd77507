import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { connectMailbox, disconnectMailbox, mailboxStatus } from "./mailbox.service.ts";

const schemas = routeSchemas({ tag: "mailbox", errors: errorAnswers(400, 401, 403) });
const answer = { 200: contract.mailboxResponseSchema };

/** Integrations' 'Connect a mailbox': its state, connect (tried first), disconnect. */
export function mailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const path = contract.apiPaths.mailbox.connection;
    app.get(path, schemas.query(contract.mailboxQuerySchema, answer), async (request) => ({
      data: await mailboxStatus(ctx, request.query.companyId),
    }));

    app.put(
      path,
      schemas.body(contract.mailboxConnectRequestSchema, { ...answer, ...errorAnswers(422) }),
      async (request) => ({ data: await connectMailbox(ctx, request.body.companyId, request.body) }),
    );

    app.delete(path, schemas.query(contract.mailboxQuerySchema, answer), async (request) => {
      await disconnectMailbox(ctx, request.query.companyId);
      return { data: { mailbox: null } };
    });
  };
}
