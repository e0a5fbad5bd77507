import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context.ts";
import { MAX_INBOUND_BYTES } from "../../integrations/mail/inbound-mail.ts";
import { verifyInboundSignature } from "../../integrations/mail/signature.ts";
import { AppError } from "../../lib/errors.ts";
import { ingestInbound } from "./inbound.service.ts";

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
    app.post(contract.apiPaths.communications.inbound, { schema: { hide: true } }, async (request, reply) => {
      const inbound = ctx.config.inbound;
      if (!inbound)
        throw new AppError(
          404,
          contract.errorCodes.notFound,
          "Inbound email is not configured on this server.",
        );
      if (!Buffer.isBuffer(request.body)) {
        throw new AppError(415, contract.errorCodes.badRequest, "Send the raw message as message/rfc822.");
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
        throw new AppError(401, contract.errorCodes.unauthorized, "The inbound signature is not valid.");
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
          contract.errorCodes.forbidden,
          "The reply address does not belong to this message's thread.",
        );
      }
      request.log.info({ inbound: result }, "inbound email");
      return reply.status(204).send();
    });
  };
}
