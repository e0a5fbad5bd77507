import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../context.ts";
import { MAX_INBOUND_BYTES } from "../../integrations/mail/inbound-mail.ts";
import {
  basicAuthMatches,
  MailgunTokens,
  type PostmarkInbound,
  postmarkMessage,
  sendgridEnvelopeTo,
  verifyMailgunSignature,
} from "../../integrations/mail/relays.ts";
import { AppError, badRequest } from "../../lib/errors.ts";
import { inboundConfig, takeInbound } from "./inbound.routes.ts";

const unauthorized = (what: string) => new AppError(401, contract.errorCodes.unauthorized, what);
const notSet = (relay: string) =>
  new AppError(404, contract.errorCodes.notFound, `${relay} inbound is not configured on this server.`);

/**
 * A relay's form (multipart, or urlencoded as Mailgun posts a message without attachments): its
 * text fields, files read and dropped (the raw message carries them). A field over
 * MAX_INBOUND_BYTES answers 413, a broken body 400; either closes the connection.
 */
async function readRelayForm(request: FastifyRequest, reply: FastifyReply): Promise<Record<string, string>> {
  if (request.body instanceof URLSearchParams) return Object.fromEntries(request.body);
  if (!request.isMultipart()) throw badRequest("Send the form as multipart/form-data.");
  const fields: Record<string, string> = {};
  try {
    const parts = request.parts({
      limits: {
        fieldSize: MAX_INBOUND_BYTES,
        fileSize: MAX_INBOUND_BYTES,
        fields: 200,
        files: 100,
        parts: 300,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        await part.toBuffer();
        continue;
      }
      if (part.valueTruncated)
        throw new AppError(
          413,
          contract.errorCodes.payloadTooLarge,
          `The field ${part.fieldname} is too large.`,
        );
      fields[part.fieldname] ??= String(part.value);
    }
  } catch (error) {
    reply.header("connection", "close");
    if (error instanceof AppError) throw error;
    const { code, message } = error as { code?: string; message?: string };
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError(413, contract.errorCodes.payloadTooLarge, "The message is too large.");
    throw badRequest(`The multipart body cannot be read${message ? `: ${message}` : ""}.`);
  }
  return fields;
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return typeof v === "string" ? v : undefined;
};

/** A relay that posts with basic auth in its URL: 404 when not configured, 401 (with the challenge) when not matching. */
function basicAuthOf(
  request: FastifyRequest,
  reply: FastifyReply,
  expected: string | undefined,
  relay: string,
) {
  if (!expected) throw notSet(relay);
  if (!basicAuthMatches(expected, header(request, "authorization"))) {
    reply.header("www-authenticate", 'Basic realm="inbound"');
    throw unauthorized(`The ${relay} inbound credentials are not valid.`);
  }
}

/**
 * The relays people use, each verified its own way and fed to the same pipeline as
 * `POST /v1/inbound/email` (decision 0022):
 * - SendGrid Inbound Parse, "POST the raw, full MIME message": multipart, the message in `email`,
 *   the envelope in `envelope`; basic auth (INBOUND_SENDGRID_AUTH) in the destination URL.
 * - Mailgun, a route's forward() to a URL ending in `mime`: the message in `body-mime`, the
 *   envelope recipient in `recipient`; `timestamp`, `token` and `signature` (HMAC-SHA256 with the
 *   webhook signing key, INBOUND_MAILGUN_SIGNING_KEY), within five minutes, each token once.
 *   A refused reply address answers 406, on which Mailgun stops retrying.
 * - Postmark's inbound webhook JSON: `RawEmail` when sent, else composed from its fields;
 *   `OriginalRecipient` as the envelope; basic auth (INBOUND_POSTMARK_AUTH) in the webhook URL.
 */
export function relayRoutes(ctx: AppContext): FastifyPluginAsync {
  const tokens = new MailgunTokens();
  return async (app) => {
    app.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: Math.ceil(MAX_INBOUND_BYTES * 3.2) },
      (_req, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const paths = contract.apiPaths.communications;
    const options = { schema: { hide: true } };

    app.post(paths.inboundSendgrid, options, async (request, reply) => {
      basicAuthOf(request, reply, inboundConfig(ctx).relays.sendgridAuth, "SendGrid");
      const form = await readRelayForm(request, reply);
      if (!form.email)
        throw badRequest(
          'No "email" field: tick "POST the raw, full MIME message" in the Inbound Parse setting.',
        );
      await takeInbound(ctx, request.log, Buffer.from(form.email, "utf8"), sendgridEnvelopeTo(form.envelope));
      return reply.status(204).send();
    });

    app.post(paths.inboundMailgun, options, async (request, reply) => {
      const key = inboundConfig(ctx).relays.mailgunSigningKey;
      if (!key) throw notSet("Mailgun");
      const form = await readRelayForm(request, reply);
      const now = new Date();
      if (!verifyMailgunSignature(key, form, now))
        throw unauthorized("The Mailgun signature is not valid, or its timestamp is not recent.");
      if (!tokens.use(form.token!, now)) throw unauthorized("This Mailgun token was used already.");
      const mime = form["body-mime"];
      if (!mime) throw badRequest('No "body-mime" field: forward the route to a URL ending in "mime".');
      await takeInbound(
        ctx,
        request.log,
        Buffer.from(mime, "utf8"),
        form.recipient ? form.recipient.split(",") : [],
        406,
      );
      return reply.status(200).send();
    });

    app.post(
      paths.inboundPostmark,
      { ...options, bodyLimit: Math.ceil(MAX_INBOUND_BYTES * 1.4) },
      async (request, reply) => {
        basicAuthOf(request, reply, inboundConfig(ctx).relays.postmarkAuth, "Postmark");
        const body = request.body as PostmarkInbound | undefined;
        if (!body || typeof body !== "object" || (!body.RawEmail && !body.From && !body.FromFull))
          throw badRequest("Send Postmark's inbound webhook JSON.");
        let raw: Buffer;
        try {
          raw = await postmarkMessage(body);
        } catch {
          throw badRequest("The Postmark message cannot be composed from its fields.");
        }
        if (raw.length > MAX_INBOUND_BYTES)
          throw new AppError(413, contract.errorCodes.payloadTooLarge, "The message is too large.");
        const to = body.OriginalRecipient ? [body.OriginalRecipient] : [];
        await takeInbound(ctx, request.log, raw, to);
        return reply.status(204).send();
      },
    );
  };
}
