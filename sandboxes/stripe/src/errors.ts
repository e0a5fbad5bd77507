/**
 * Stripe's error body `{"error":{type,code,message,param,doc_url,...}}`. The SDK picks the
 * exception class from the HTTP status (400/404 invalid request, 401 authentication, 402 card,
 * 409 conflict, 429 rate limit), and `type: "idempotency_error"` for StripeIdempotencyError.
 */
export type ErrorType = "api_error" | "card_error" | "idempotency_error" | "invalid_request_error";

export interface ErrorBody {
  type: ErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  request_log_url?: string;
}

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

function docUrl(code: string): string {
  return `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`;
}

export function invalidRequest(message: string, param?: string, code?: string, status = 400): StripeError {
  return new StripeError(status, {
    type: "invalid_request_error",
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export function missingParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");
}

export function unknownParam(param: string): StripeError {
  return invalidRequest(`Received unknown parameter: ${param}`, param, "parameter_unknown");
}

export function invalidParam(param: string, message: string, code = "parameter_invalid_string"): StripeError {
  return invalidRequest(message, param, code);
}

/** `No such customer: 'cus_x'`: 404 for the object in the URL, 400 for one named in a parameter. */
export function noSuch(kind: string, id: string, param?: string): StripeError {
  return invalidRequest(`No such ${kind}: '${id}'`, param ?? "id", "resource_missing", param ? 400 : 404);
}

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

export function cardError(decline: Decline, param?: string): StripeError {
  return new StripeError(402, {
    type: "card_error",
    code: decline.code,
    ...(decline.decline_code ? { decline_code: decline.decline_code } : {}),
    message: decline.message,
    ...(param ? { param } : {}),
    doc_url: docUrl(decline.code),
  });
}
