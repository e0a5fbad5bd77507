import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer, listenOn } from "@recoup/sandbox-http";
import { INBOX_CSS, INBOX_JS } from "./assets.ts";
import { INBOUND_KINDS, InboundActionError, type InboundResponder } from "./inbound.ts";
import type { InboundKind, MailStore } from "./store.ts";
import { toJson } from "./store.ts";
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

/** Bodies of the action routes (JSON or form fields) are small; 1 MB leaves room for a long HTML reply. */
const MAX_BODY = 1024 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startInboxServer(
  store: MailStore,
  responder: InboundResponder,
  host: string,
  port: number,
): Promise<InboxServer> {
  const server = createServer((req, res) => {
    route(store, responder, req, res).catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { error: { code: error.code, message: error.message } });
      }
      sendJson(res, 500, { error: { code: "internal", message: String(error) } });
    });
  });
  return { port: await listenOn(server, port, host), close: () => closeServer(server) };
}

function isInboundKind(value: string | undefined): value is InboundKind {
  return INBOUND_KINDS.includes(value as InboundKind);
}

async function route(
  store: MailStore,
  responder: InboundResponder,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const url = new URL(req.url ?? "/", "http://sandbox");
  const method = req.method ?? "GET";
  const path = url.pathname;
  const api = /^\/api\/messages(?:\/([^/]+))?(?:\/(raw|reply|out-of-office|bounce))?\/?$/.exec(path);

  if (api) {
    const [, rawId, sub] = api;
    const id = rawId ? decodeURIComponent(rawId) : undefined;
    const raw = sub === "raw";
    if (id && isInboundKind(sub)) {
      if (method !== "POST") return methodNotAllowed(res, "POST");
      const body = await readBody(req);
      try {
        const result = await responder.act(id, sub, body);
        if (result.status === null) {
          return sendJson(res, 502, {
            ...result,
            error: {
              code: "inbound_unreachable",
              message: `Could not POST to the inbound URL: ${result.error}`,
            },
          });
        }
        return sendJson(res, 200, result);
      } catch (error) {
        if (error instanceof InboundActionError) {
          return sendJson(res, error.status, { error: { code: error.code, message: error.message } });
        }
        throw error;
      }
    }
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

  const action = /^\/messages\/([^/]+)\/(reply|out-of-office|bounce)$/.exec(path);
  if (action && method === "POST") {
    const id = decodeURIComponent(action[1]!);
    const to = url.searchParams.get("to")?.trim() || undefined;
    const body = await readBody(req);
    const back = (param: string, value: string) => {
      const query = new URLSearchParams({ [param]: value, ...(to ? { to } : {}) });
      res.writeHead(303, { location: `/messages/${encodeURIComponent(id)}?${query}` }).end();
    };
    try {
      const result = await responder.act(id, action[2] as InboundKind, body);
      return back("sent", result.id);
    } catch (error) {
      if (!(error instanceof InboundActionError)) throw error;
      if (error.status === 404) return sendHtml(res, 404, renderInbox({ messages: [], notFound: true }));
      return back("failed", error.code);
    }
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
    const sentId = url.searchParams.get("sent");
    const sent = sentId ? store.get(sentId) : undefined;
    const answering = selected?.generated ? store.get(selected.generated.inResponseTo) : undefined;
    const html = renderInbox({
      messages: store.list({ to }),
      selected,
      to,
      missingId: id && !selected ? id : undefined,
      actions: Boolean(responder.inbound),
      answers: selected ? store.answersTo(selected.id) : [],
      answering,
      notice: {
        sent: sent?.generated?.inResponseTo === selected?.id ? sent : undefined,
        failed: url.searchParams.get("failed") ?? undefined,
      },
    });
    return sendHtml(res, id && !selected ? 404 : 200, html);
  }

  if (path.startsWith("/api/"))
    return sendJson(res, 404, { error: { code: "not_found", message: "Not found" } });
  sendHtml(res, 404, renderInbox({ messages: [], notFound: true }));
}

/** The body as fields: JSON (an object), a form (application/x-www-form-urlencoded), or nothing. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new HttpError(413, "too_large", "The body is larger than 1 MB");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text.trim()) return {};
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  if (type && type !== "application/json" && !type.endsWith("+json")) {
    throw new HttpError(415, "unsupported_media_type", "Send application/json (or a form)");
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, "invalid_json", "The body is not valid JSON");
  }
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
