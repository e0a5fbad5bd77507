import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { INBOX_CSS, INBOX_JS } from "./assets.ts";
import { type MailStore, toJson } from "./store.ts";
import { renderInbox } from "./views.ts";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  // Inline styles are allowed so message bodies (rendered in a sandboxed srcdoc frame, which inherits
  // this policy) look as sent; the inbox's own styles come from /inbox.css.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join("; ");

export interface InboxServer {
  port: number;
  close(): Promise<void>;
}

export async function startInboxServer(store: MailStore, host: string, port: number): Promise<InboxServer> {
  const server = createServer((req, res) => {
    try {
      route(store, req, res);
    } catch (error) {
      sendJson(res, 500, { error: { code: "internal", message: String(error) } });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function route(store: MailStore, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://sandbox");
  const method = req.method ?? "GET";
  const path = url.pathname;
  const api = /^\/api\/messages(?:\/([^/]+))?(\/raw)?\/?$/.exec(path);

  if (api) {
    const [, rawId, raw] = api;
    const id = rawId ? decodeURIComponent(rawId) : undefined;
    if (!id && method === "GET") {
      const to = url.searchParams.get("to") ?? undefined;
      return sendJson(res, 200, store.list({ to }).map(toJson));
    }
    if (!id && method === "DELETE") {
      store.clear();
      return res.writeHead(204).end();
    }
    if (id && method === "GET") {
      const message = store.get(id);
      if (!message) return sendJson(res, 404, { error: { code: "not_found", message: "No such message" } });
      if (raw) {
        res.writeHead(200, { "content-type": "message/rfc822", "content-length": message.raw.length });
        return res.end(message.raw);
      }
      return sendJson(res, 200, toJson(message));
    }
    return methodNotAllowed(res, id ? "GET" : "GET, DELETE");
  }

  if (path === "/api/status" && method === "GET") {
    return sendJson(res, 200, { count: store.size, latestId: store.latest()?.id ?? null });
  }
  if (path === "/inbox.css" && method === "GET") return sendAsset(res, "text/css", INBOX_CSS);
  if (path === "/inbox.js" && method === "GET") return sendAsset(res, "text/javascript", INBOX_JS);
  if (path === "/clear" && method === "POST") {
    store.clear();
    return res.writeHead(303, { location: "/" }).end();
  }

  const page = /^\/(?:messages\/([^/]+))?$/.exec(path);
  if (page && (method === "GET" || method === "HEAD")) {
    const id = page[1] ? decodeURIComponent(page[1]) : undefined;
    const to = url.searchParams.get("to")?.trim() || undefined;
    const selected = id ? store.get(id) : undefined;
    const html = renderInbox({
      messages: store.list({ to }),
      selected,
      to,
      missingId: id && !selected ? id : undefined,
    });
    return sendHtml(res, id && !selected ? 404 : 200, html);
  }

  if (path.startsWith("/api/"))
    return sendJson(res, 404, { error: { code: "not_found", message: "Not found" } });
  sendHtml(res, 404, renderInbox({ messages: [], notFound: true }));
}

function securityHeaders(): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "cache-control": "no-store",
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...securityHeaders(),
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
  });
  res.end(payload);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    ...securityHeaders(),
    "content-type": "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(html),
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-frame-options": "DENY",
  });
  res.end(html);
}

function sendAsset(res: ServerResponse, type: string, body: string): void {
  res.writeHead(200, {
    "x-content-type-options": "nosniff",
    "content-type": `${type}; charset=utf-8`,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-cache",
  });
  res.end(body);
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader("allow", allow);
  sendJson(res, 405, { error: { code: "method_not_allowed", message: `Use ${allow}` } });
}
