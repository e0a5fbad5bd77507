import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  readBody as readBounded,
  redirect as redirectWith,
  sendJson as sendJsonWith,
} from "@recoup/sandbox-http";

export { escapeHtml, sendHtml, sendText } from "@recoup/sandbox-http";

const MAX_BODY_BYTES = 1024 * 1024;

export const readBody = (req: IncomingMessage) =>
  readBounded(req, MAX_BODY_BYTES, () => new HttpError(413, "request body too large"));

/** Reads a form (or, leniently, JSON) body into string parameters. */
export async function readParams(req: IncomingMessage): Promise<Map<string, string>> {
  const body = await readBody(req);
  const type = req.headers["content-type"] ?? "";
  if (type.includes("json")) {
    let parsed: unknown;
    try {
      parsed = body ? JSON.parse(body) : {};
    } catch {
      throw new HttpError(400, "malformed JSON body");
    }
    const params = new Map<string, string>();
    if (parsed && typeof parsed === "object") {
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === "string") params.set(key, value);
      }
    }
    return params;
  }
  return new Map(new URLSearchParams(body));
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Intuit sets an `intuit_tid` transaction id on every response. */
export function intuitTid(): string {
  return `1-${randomBytes(4).toString("hex")}-${randomBytes(12).toString("hex")}`;
}

/** JSON as Intuit's APIs send it (their content type, to the letter). */
export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => sendJsonWith(res, status, body, { "content-type": "application/json;charset=UTF-8", ...headers });

export const redirect = (res: ServerResponse, location: string, status = 302) =>
  redirectWith(res, location, status);

/** Parses `Authorization: Basic base64(id:secret)` (form-encoded parts, as RFC 6749 says). */
export function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Basic\s+([A-Za-z0-9+/=._~-]+)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const decode = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, "%20"));
    } catch {
      return value;
    }
  };
  return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
