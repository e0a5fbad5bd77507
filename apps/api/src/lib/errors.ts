import { type ErrorCode, errorCodes } from "@recoup/contracts";

/** A failure the client should see as-is; the error handler turns it into the JSON error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, errorCodes.badRequest, message, details);
export const unauthorized = (message = "Please sign in to continue.") =>
  new AppError(401, errorCodes.unauthorized, message);
export const forbidden = (message = "You do not have access to this resource.") =>
  new AppError(403, errorCodes.forbidden, message);
export const notFound = (message = "Not found.") => new AppError(404, errorCodes.notFound, message);
/** 429; with `retryAfterSeconds`, the answer's Retry-After header says when to try again. */
export const tooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError(
    429,
    errorCodes.rateLimited,
    message,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
