import { type ErrorBody, errorCodes } from "@recoup/contracts";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.ts";

const body = (code: string, message: string, details?: unknown): ErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

/** The one place that turns a failure into `{ error: { code, message, details? } }`. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const wait = (err.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (err.statusCode === 429 && typeof wait === "number") reply.header("retry-after", String(wait));
      return reply.status(err.statusCode).send(body(err.code, err.message, err.details));
    }
    const sqlState = (err as { cause?: { code?: string } }).cause?.code ?? err.code;
    // Two requests racing to create the same thing (a signup, a first sign-in): one wins, the other is told.
    if (sqlState === "23505") {
      return reply
        .status(409)
        .send(body(errorCodes.conflict, "This was just done by another request. Please try again."));
    }
    // Text PostgreSQL cannot store (a NUL byte) is the caller's input, not a server fault.
    if (sqlState === "22021" || sqlState === "22P05") {
      return reply
        .status(400)
        .send(body(errorCodes.badRequest, "The request contains characters that cannot be stored."));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message,
      }));
      // A body's messages are written for people (forms); a bad query or path parameter is named.
      const first = details[0];
      const text = first?.message ?? "The request is not valid.";
      const message = err.validationContext !== "body" && first?.path ? `${first.path}: ${text}` : text;
      return reply.status(400).send(body(errorCodes.validation, message, details));
    }
    if (err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err.code === "FST_ERR_CTP_EMPTY_JSON_BODY") {
      return reply.status(400).send(body(errorCodes.badRequest, "The request body is not valid JSON."));
    }
    if (err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send(body(errorCodes.badRequest, "This content type is not supported."));
    }
    if (err.statusCode === 413 || err.code === "FST_REQ_FILE_TOO_LARGE" || err.code === "FST_PARTS_LIMIT") {
      return reply.status(413).send(body(errorCodes.payloadTooLarge, "The upload is too large."));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(body(errorCodes.rateLimited, err.message));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(body(errorCodes.badRequest, err.message));
    }
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send(body(errorCodes.internal, "Something went wrong. Please try again."));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body(errorCodes.notFound, `No route for ${request.method} ${request.url.split("?")[0]}.`));
  });
}
