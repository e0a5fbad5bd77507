/**
 * The HTTP front: `/v1/...` is the Stripe API (auth, form parsing, idempotency, error bodies,
 * `Request-Id`); other paths are pages (portal, hosted invoices) and the control API.
 */

import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { listenOn } from "@recoup/sandbox-http";
import type { ApiRoute } from "./api/route.ts";
import { invalidRequest, StripeError } from "./errors.ts";
import { BodyTooLarge, readBody, sendJson } from "./http.ts";
import { newId } from "./ids.ts";
import { Params, parseForm, type Raw } from "./params.ts";
import type { Sandbox } from "./sandbox.ts";

export interface PageContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  params: Record<string, string>;
  sandbox: Sandbox;
}

export interface PageRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  pattern: RegExp;
  handle(ctx: PageContext): void | Promise<void>;
}

export function page(method: PageRoute["method"], path: string, handle: PageRoute["handle"]): PageRoute {
  const source = path.replace(/:(\w+)/g, "(?<$1>[^/]+)");
  return { method, pattern: new RegExp(`^${source}$`), handle };
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function apiKey(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? "";
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)\s*$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, "base64").toString("utf8").split(":")[0] || undefined;
  return undefined;
}

function authenticate(req: IncomingMessage, secretKey: string): void {
  const key = apiKey(req);
  if (!key) {
    throw invalidRequest(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      undefined,
      undefined,
      401,
    );
  }
  if (key !== secretKey) {
    const masked =
      key.length > 12 ? `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}` : "****";
    throw invalidRequest(`Invalid API Key provided: ${masked}`, undefined, undefined, 401);
  }
}

/** Errors kept for an idempotency key: card errors and server errors, not validation failures. */
function keepsIdempotent(status: number): boolean {
  return status >= 500 || status === 402;
}

async function handleApi(
  sandbox: Sandbox,
  routes: ApiRoute[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const requestId = newId("req");
  const method = req.method ?? "GET";
  const version = (req.headers["stripe-version"] as string | undefined) || sandbox.config.apiVersion;
  const headers: Record<string, string> = {
    "request-id": requestId,
    "stripe-version": version,
    "access-control-allow-origin": "*",
    "access-control-expose-headers":
      "Request-Id, Stripe-Manage-Version, Stripe-Should-Retry, X-Stripe-External-Auth-Required, X-Stripe-Privileged-Session-Required",
  };
  const key = method === "POST" ? ((req.headers["idempotency-key"] as string | undefined) ?? null) : null;
  if (key) headers["idempotency-key"] = key;
  let began = false;
  const fail = (error: StripeError) => {
    const body = JSON.stringify(
      {
        error: {
          ...error.body,
          request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}?t=${sandbox.nowSec()}`,
        },
      },
      null,
      2,
    );
    if (began && key) {
      sandbox.idempotency.finish(
        key,
        keepsIdempotent(error.status) ? { status: error.status, body, requestId } : undefined,
      );
    }
    if (error.status === 401) headers["www-authenticate"] = 'Bearer realm="Stripe"';
    sendJson(res, error.status, body, { ...headers, ...error.headers, "original-request": requestId });
  };
  try {
    authenticate(req, sandbox.config.secretKey);
    let raw: Raw;
    if (method === "POST") {
      const text = await readBody(req);
      raw = parseForm(text);
    } else {
      raw = parseForm(url.search);
    }
    let found: { route: ApiRoute; params: Record<string, string> } | undefined;
    for (const route of routes) {
      const match = route.pattern.exec(url.pathname);
      if (match && route.method === method) {
        found = {
          route,
          params: Object.fromEntries(
            Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
          ),
        };
        break;
      }
    }
    if (!found) {
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      );
    }
    sandbox.billing.catchUp(null);
    if (key) {
      const stored = sandbox.idempotency.begin(key, `${method} ${url.pathname}`, stableJson(raw));
      if (stored) {
        sendJson(res, stored.status, stored.body, {
          ...headers,
          "idempotent-replayed": "true",
          "original-request": stored.requestId,
        });
        return;
      }
      began = true;
    }
    const result = found.route.handle({
      sandbox,
      p: new Params(raw),
      path: found.params,
      requestId,
      idempotencyKey: key,
    });
    const body = JSON.stringify(result, null, 2);
    if (began && key) sandbox.idempotency.finish(key, { status: 200, body, requestId });
    sendJson(res, 200, body, { ...headers, "original-request": requestId });
  } catch (error) {
    if (error instanceof StripeError) return fail(error);
    if (error instanceof BodyTooLarge)
      return fail(invalidRequest("Request body too large.", undefined, undefined, 413));
    console.error("stripe sandbox: unhandled error", error);
    fail(
      new StripeError(500, {
        type: "api_error",
        message: "An unknown error occurred in the Stripe sandbox.",
      }),
    );
  }
}

export function createHandler(sandbox: Sandbox, api: ApiRoute[], pages: PageRoute[]) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? "/", "http://sandbox");
    if (url.pathname.startsWith("/v1/")) return handleApi(sandbox, api, req, res, url);
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    let pathMatched = false;
    for (const route of pages) {
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params = Object.fromEntries(
        Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
      );
      try {
        await route.handle({ req, res, url, params, sandbox });
      } catch (error) {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        console.error("stripe sandbox: unhandled error", error);
        sendJson(res, 500, { error: "internal error" });
      }
      return;
    }
    sendJson(res, pathMatched ? 405 : 404, { error: pathMatched ? "method not allowed" : "not found" });
  };
}

export interface Listening {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Listens first (so port 0 resolves to a real port), then serves through `handler` once set. */
export async function listen(
  host: string,
  port: number,
  handler: () => ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined,
): Promise<Listening> {
  const server = createServer((req, res) => {
    const handle = handler();
    if (!handle) {
      res.writeHead(503).end();
      return;
    }
    void handle(req, res);
  });
  return {
    server,
    port: await listenOn(server, port, host),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
