import * as contract from "@recoup/contracts";
import type { FastifyBaseLogger, FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context.ts";
import { MAX_INBOUND_BYTES } from "../../integrations/mail/inbound-mail.ts";
import { verifyInboundSignature } from "../../integrations/mail/signature.ts";
import { AppError } from "../../lib/errors.ts";
import { ingestInbound } from "./inbound.service.ts";

/** Inbound email as configured, or 404 when this server takes none. */
export function inboundConfig(ctx: AppContext) {
  const inbound = ctx.config.inbound;
  if (!inbound)
    throw new AppError(404, contract.errorCodes.notFound, "Inbound email is not configured on this server.");
  return inbound;
}

/**
 * One raw message, from whichever relay, through the inbound pipeline. Throws 403 (or the status
 * the relay stops retrying on) when the reply address is forged or names another company than
 * the message it answers; anything else is taken.
 */
export async function takeInbound(
  ctx: AppContext,
  log: FastifyBaseLogger,
  raw: Buffer,
  envelopeTo: string[],
  refusedStatus = 403,
) {
  const result = await ingestInbound(ctx, raw, envelopeTo);
  if (!result.stored && (result.reason === "forged" || result.reason === "conflict")) {
    throw new AppError(
      refusedStatus,
      contract.errorCodes.forbidden,
      "The reply address does not belong to this message's thread.",
    );
  }
  log.info({ inbound: result }, "inbound email");
  return result;
}

/**
 * Inbound email from a relay: the raw RFC 5322 bytes (`message/rfc822`), signed with
 * INBOUND_SECRET in `X-Inbound-Signature`; the envelope recipient in `X-Original-To`. 204 when
 * taken (stored, or a retry of a stored one, or not ours to thread, or kept aside unread: too many
 * parts, too deep, too slow to read), 403 when the reply address is forged or names another company
 * than the message it answers, 413 over MAX_INBOUND_BYTES (the relay bounces it to its sender).
 * The relays' own formats: relay.routes.ts.
 */
export function inboundRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      "message/rfc822",
      { parseAs: "buffer", bodyLimit: MAX_INBOUND_BYTES },
      (_req, body, done) => done(null, body),
    );
    app.post(contract.apiPaths.communications.inbound, { schema: { hide: true } }, async (request, reply) => {
      const inbound = inboundConfig(ctx);
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
      await takeInbound(
        ctx,
        request.log,
        request.body,
        typeof originalTo === "string" ? originalTo.split(",") : [],
      );
      return reply.status(204).send();
    });
  };
}
