/** What OpenAI's answers share: their headers, and errors as `{error:{message,type,param,code}}`. */
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { sendJson } from "../http.ts";

interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export class InvalidRequest extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly param: string | null = null,
    readonly code: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, param: this.param, code: this.code } };
  }
}

export function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, body, {
    "x-request-id": `req_${randomBytes(16).toString("hex")}`,
    "openai-version": "2020-10-01",
    "openai-processing-ms": "1",
    ...headers,
  });
}

export function modelNotFound(model: string) {
  return new InvalidRequest(
    404,
    `The model \`${model}\` does not exist or you do not have access to it.`,
    "invalid_request_error",
    null,
    "model_not_found",
  );
}
