import {
  apiPaths,
  communicationInvoicesQuerySchema,
  communicationInvoicesResponseSchema,
  confirmSenderRequestSchema,
  confirmSenderResponseSchema,
  dismissInboundFailureRequestSchema,
  dismissInboundFailureResponseSchema,
  emailThreadsQuerySchema,
  emailThreadsResponseSchema,
  errorCodes,
  inboundFailureQuerySchema,
  inboundFailuresQuerySchema,
  inboundFailuresResponseSchema,
  markHandledRequestSchema,
  markHandledResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { MAX_INBOUND_BYTES } from "../../integrations/mail/inbound-mail.ts";
import { verifyInboundSignature } from "../../integrations/mail/signature.ts";
import { AppError } from "../../lib/errors.ts";
import { currentUser } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { communicationInvoices, emailThread, markHandled } from "./communications.service.ts";
import { ingestInbound } from "./inbound.service.ts";
import { confirmSender } from "./inbound-effects.ts";
import { dismissInboundFailure, inboundFailureRaw, inboundFailures } from "./inbound-failures.service.ts";

const secured = { security: [{ bearer: [] }], tags: ["communications"] };

/** The Communications page: invoices with a thread, a thread, 'Mark as handled' and 'Confirm sender'. */
export function communicationsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.communications.invoices,
      {
        schema: {
          ...secured,
          querystring: communicationInvoicesQuerySchema,
          response: { 200: communicationInvoicesResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await communicationInvoices(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.communications.thread,
      {
        schema: {
          ...secured,
          querystring: emailThreadsQuerySchema,
          response: { 200: emailThreadsResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        const { companyId, customerRef, invoiceId } = request.query;
        return { data: await emailThread(ctx, companyId, customerRef, invoiceId) };
      },
    );

    app.post(
      apiPaths.communications.markHandled,
      {
        schema: {
          ...secured,
          body: markHandledRequestSchema,
          response: { 200: markHandledResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        const { companyId, invoiceId } = request.body;
        return { data: { handled: await markHandled(ctx, companyId, invoiceId, currentUser(request).id) } };
      },
    );

    app.get(
      apiPaths.communications.inboundFailures,
      {
        schema: {
          ...secured,
          description: "Messages that came in for the company but could not be read, kept aside.",
          querystring: inboundFailuresQuerySchema,
          response: { 200: inboundFailuresResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await inboundFailures(ctx, request.query.companyId) };
      },
    );

    app.get(
      apiPaths.communications.inboundFailureRaw,
      {
        schema: {
          ...secured,
          description: "One message kept aside, as it came (message/rfc822), to open in a mail program.",
          querystring: inboundFailureQuerySchema,
          produces: ["message/rfc822"],
          response: { 200: z.string().describe("The raw message"), ...collectionErrors },
        },
      },
      async (request, reply) => {
        const { raw, filename } = await inboundFailureRaw(ctx, request.query.companyId, request.query.id);
        return reply
          .type("message/rfc822")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .send(raw as unknown as string);
      },
    );

    app.post(
      apiPaths.communications.dismissInboundFailure,
      {
        schema: {
          ...secured,
          body: dismissInboundFailureRequestSchema,
          response: { 200: dismissInboundFailureResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        const { companyId, id } = request.body;
        return { data: { dismissed: await dismissInboundFailure(ctx, companyId, id) } };
      },
    );

    app.post(
      apiPaths.communications.confirmSender,
      {
        schema: {
          ...secured,
          description:
            "Vouches for a held inbound message (from an unknown sender, or late): it then does what it would have done. `confirmed` is false when nothing was held.",
          body: confirmSenderRequestSchema,
          response: { 200: confirmSenderResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        const { companyId, emailId } = request.body;
        return { data: { confirmed: await confirmSender(ctx, companyId, emailId, currentUser(request).id) } };
      },
    );
  };
}

/**
 * Inbound email from a relay: the raw RFC 5322 bytes (`message/rfc822`), signed with
 * INBOUND_SECRET in `X-Inbound-Signature`; the envelope recipient in `X-Original-To`. 204 when
 * taken (stored, or a retry of a stored one, or not ours to thread, or kept aside unread: too many
 * parts, too deep, too slow to read), 403 when the reply address is forged or names another company
 * than the message it answers, 413 over MAX_INBOUND_BYTES (the relay bounces it to its sender).
 */
export function inboundRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      "message/rfc822",
      { parseAs: "buffer", bodyLimit: MAX_INBOUND_BYTES },
      (_req, body, done) => done(null, body),
    );
    app.post(apiPaths.communications.inbound, { schema: { hide: true } }, async (request, reply) => {
      const inbound = ctx.config.inbound;
      if (!inbound)
        throw new AppError(404, errorCodes.notFound, "Inbound email is not configured on this server.");
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, errorCodes.badRequest, "Send the raw message as message/rfc822.");
      }
      const signature = request.headers["x-inbound-signature"];
      if (
        !verifyInboundSignature(
          inbound.secret,
          typeof signature === "string" ? signature : undefined,
          request.body,
          new Date(),
        )
      ) {
        throw new AppError(401, errorCodes.unauthorized, "The inbound signature is not valid.");
      }
      const originalTo = request.headers["x-original-to"];
      const result = await ingestInbound(
        ctx,
        request.body,
        typeof originalTo === "string" ? originalTo.split(",") : [],
      );
      if (!result.stored && (result.reason === "forged" || result.reason === "conflict")) {
        throw new AppError(
          403,
          errorCodes.forbidden,
          "The reply address does not belong to this message's thread.",
        );
      }
      request.log.info({ inbound: result }, "inbound email");
      return reply.status(204).send();
    });
  };
}
