import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { confirmSender } from "./inbound-effects.ts";
import { dismissInboundFailure, inboundFailureRaw, inboundFailures } from "./inbound-failures.service.ts";
import { emailThread, markHandled } from "./thread.service.ts";
import { communicationInvoices } from "./thread-list.service.ts";

const schemas = routeSchemas({ tag: "communications", errors: collectionErrors });

/** The Communications page: invoices with a thread, a thread, 'Mark as handled' and 'Confirm sender'. */
export function communicationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.communications.invoices,
      schemas.query(contract.communicationInvoicesQuerySchema, {
        200: contract.communicationInvoicesResponseSchema,
      }),
      async (request) => ({
        data: await communicationInvoices(ctx, request.query.companyId, request.query),
      }),
    );

    app.get(
      contract.apiPaths.communications.thread,
      schemas.query(contract.emailThreadsQuerySchema, { 200: contract.emailThreadsResponseSchema }),
      async (request) => {
        const { companyId, customerRef, invoiceId } = request.query;
        return { data: await emailThread(ctx, companyId, customerRef, invoiceId) };
      },
    );

    app.post(
      contract.apiPaths.communications.markHandled,
      schemas.body(contract.markHandledRequestSchema, { 200: contract.markHandledResponseSchema }),
      async (request) => {
        const { companyId, invoiceId } = request.body;
        return { data: { handled: await markHandled(ctx, companyId, invoiceId, currentUser(request).id) } };
      },
    );

    app.get(
      contract.apiPaths.communications.inboundFailures,
      schemas.query(
        contract.inboundFailuresQuerySchema,
        { 200: contract.inboundFailuresResponseSchema },
        { description: "Messages that came in for the company but could not be read, kept aside." },
      ),
      async (request) => ({ data: await inboundFailures(ctx, request.query.companyId) }),
    );

    app.get(
      contract.apiPaths.communications.inboundFailureRaw,
      schemas.query(
        contract.inboundFailureQuerySchema,
        { 200: z.string().describe("The raw message") },
        {
          description: "One message kept aside, as it came (message/rfc822), to open in a mail program.",
          produces: ["message/rfc822"],
        },
      ),
      async (request, reply) => {
        const { raw, filename } = await inboundFailureRaw(ctx, request.query.companyId, request.query.id);
        return reply
          .type("message/rfc822")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .send(raw as unknown as string);
      },
    );

    app.post(
      contract.apiPaths.communications.dismissInboundFailure,
      schemas.body(contract.dismissInboundFailureRequestSchema, {
        200: contract.dismissInboundFailureResponseSchema,
      }),
      async (request) => {
        const { companyId, id } = request.body;
        return { data: { dismissed: await dismissInboundFailure(ctx, companyId, id) } };
      },
    );

    app.post(
      contract.apiPaths.communications.confirmSender,
      schemas.body(
        contract.confirmSenderRequestSchema,
        { 200: contract.confirmSenderResponseSchema },
        {
          description:
            "Vouches for a held inbound message (from an unknown sender, or late): it then does what it would have done. `confirmed` is false when nothing was held.",
        },
      ),
      async (request) => {
        const { companyId, emailId } = request.body;
        return { data: { confirmed: await confirmSender(ctx, companyId, emailId, currentUser(request).id) } };
      },
    );
  };
}
