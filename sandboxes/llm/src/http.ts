import type { IncomingMessage } from "node:http";
import { BodyTooLarge, readBody as readBounded } from "@recoup/sandbox-http";

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

/** A request's body as text and as JSON when it is; undefined past the size limit (the caller answers 413). */
export async function readJsonBody(
  req: IncomingMessage,
): Promise<{ text: string; parsed: ReturnType<typeof parseJson> } | undefined> {
  try {
    const text = await readBody(req);
    return { text, parsed: parseJson(text) };
  } catch (error) {
    if (error instanceof BodyTooLarge) return undefined;
    throw error;
  }
}
