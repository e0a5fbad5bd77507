/** What Gemini's answers share: JSON headers, and errors as google.rpc.Status. */
import type { ServerResponse } from "node:http";
import { sendJson } from "../http.ts";

const RPC_STATUS: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  413: "INVALID_ARGUMENT",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  502: "UNAVAILABLE",
  503: "UNAVAILABLE",
  504: "DEADLINE_EXCEEDED",
};

export function googleError(code: number, message: string, details?: unknown[]) {
  return { error: { code, message, status: RPC_STATUS[code] ?? "UNKNOWN", ...(details ? { details } : {}) } };
}

const JSON_HEADERS = { "content-type": "application/json; charset=UTF-8", vary: "Origin, X-Origin, Referer" };

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, body, { ...JSON_HEADERS, ...headers });
}

export class InvalidRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

export function notFound(model: string, version: string) {
  return new InvalidRequest(
    404,
    `models/${model} is not found for API version ${version}, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
  );
}
