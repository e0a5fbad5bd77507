/**
 * The HTTP plumbing the local sandboxes share: reading a bounded body, and answering pages, text
 * and redirects with the same safe headers. What each imitated service puts on the wire (its JSON
 * content type, its error shapes) stays in that sandbox. Beside it, what more than one sandbox
 * needs otherwise: pages (html.ts), its server (listen.ts), running on its own (standalone.ts),
 * calendar names (calendar.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export { ENGLISH_MONTHS } from "./calendar.ts";
export { escapeHtml, htmlPage } from "./html.ts";
export { closeServer, listenOn } from "./listen.ts";
export { clientFromEnv, type OAuthClient, stopOnSignal } from "./standalone.ts";

/** The error `readBody` throws past its limit, unless the caller makes its own. */
export class BodyTooLarge extends Error {}

/** A request's body as UTF-8 text, at most `maxBytes`; past that, throws `tooLarge()`. */
export async function readBody(
  req: IncomingMessage,
  maxBytes: number,
  tooLarge: () => Error = () => new BodyTooLarge("request body too large"),
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A page's policy: no scripts at all; styles from this origin, images from it and `data:`; no
 * framing. With `formActions`, forms may post only to those sources (browsers apply form-action
 * to the redirect after a post too, so a flow that ends at another origin names it here).
 */
export function pageCsp(formActions?: string[]): string {
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    ...(formActions ? [`form-action ${formActions.join(" ")}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

/** A JSON answer; `headers` may replace the content type (each service writes its own). */
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

/** An HTML page under `csp`, never cached, framed or sniffed. */
export function sendHtml(res: ServerResponse, status: number, html: string, csp = pageCsp()): void {
  res.writeHead(status, {
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  });
  res.end(html);
}

/** A static text asset (a stylesheet, an image as text), cached for five minutes. */
export function sendText(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(body),
    "x-content-type-options": "nosniff",
    "cache-control": "public, max-age=300",
  });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string, status: number): void {
  res.writeHead(status, { location, "cache-control": "no-store", "content-length": "0" });
  res.end();
}
