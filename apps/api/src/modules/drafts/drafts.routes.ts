import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { collectionErrors } from "../receivables/index.ts";
import { draftEmail } from "./drafts.service.ts";
import { draftWriter } from "./writers.ts";

/** 'Generate draft' in the Communications composer: the next email about an invoice, to edit and send. */
export function draftsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const writer = draftWriter(ctx.config.drafts.model);
  return async (app) => {
    app.get(
      contract.apiPaths.communications.draft,
      routeSchemas({ tag: "communications", errors: collectionErrors }).query(
        contract.draftEmailQuerySchema,
        {
          200: contract.draftEmailResponseSchema,
          ...errorAnswers(409),
        },
      ),
      async (request) => {
        const { companyId, customerRef, invoiceId } = request.query;
        const data = await draftEmail(ctx, writer, { companyId, customerRef, invoiceId });
        if (data.fallbackReason)
          request.log.warn({ fallbackReason: data.fallbackReason }, "draft model not used");
        return { data };
      },
    );
  };
}
