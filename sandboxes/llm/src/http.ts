import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody as readBounded } from "@recoup/sandbox-http";

export { BodyTooLarge } from "@recoup/sandbox-http";

const MAX_BODY_BYTES = 4 * 1024 * 1024;

export const readBody = (req: IncomingMessage) => readBounded(req, MAX_BODY_BYTES);

/** Parses JSON, or answers `undefined` for text that is not JSON (an empty body included). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
