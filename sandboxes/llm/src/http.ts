import type { IncomingMessage } from "node:http";
import { readBody as readBounded } from "@recoup/sandbox-http";

export { BodyTooLarge, sendJson } from "@recoup/sandbox-http";

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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
