import type { IncomingMessage, ServerResponse } from "node:http";
import {
  pageCsp,
  readBody as readBounded,
  redirect as redirectWith,
  sendHtml as sendPage,
} from "@recoup/sandbox-http";

export { BodyTooLarge, escapeHtml, sendText } from "@recoup/sandbox-http";

const MAX_BODY_BYTES = 1024 * 1024;

export const readBody = (req: IncomingMessage) => readBounded(req, MAX_BODY_BYTES);

export function sendJson(
  res: ServerResponse,
  status: number,
  body: string | object,
  headers: Record<string, string> = {},
): void {
  const payload = typeof body === "string" ? body : JSON.stringify(body, null, 2);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(payload),
    "cache-control": "no-cache, no-store",
    ...headers,
  });
  res.end(payload);
}

/** Pages work under a strict policy: no scripts at all, styles and form posts to this origin only. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  formTargets: string[] = [],
): void {
  sendPage(res, status, html, pageCsp(["'self'", ...formTargets]));
}

/** 303 after a form POST, so reloading the page does not post again. */
export const redirect = (res: ServerResponse, location: string, status = 303) =>
  redirectWith(res, location, status);

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

export function fromLoopback(req: IncomingMessage): boolean {
  return LOOPBACK.has(req.socket.remoteAddress ?? "");
}
