import { createServer, type Server } from "node:http";
import { closeServer, listenOn } from "@recoup/sandbox-http";
import type { RequestContext, Route, SandboxContext } from "./context.ts";
import { HttpError, intuitTid, sendJson } from "./http.ts";

function match(route: Route, path: string): Record<string, string> | undefined {
  if (typeof route.path === "string") return route.path === path ? {} : undefined;
  const found = route.path.exec(path);
  if (!found || found[0] !== path) return undefined;
  return { ...found.groups };
}

/** Dispatches requests to the routes; a matching path with another method answers 405. */
export function createRequestHandler(routes: Route[], getSandbox: () => SandboxContext) {
  return async (ctx: Omit<RequestContext, "params" | "sandbox">): Promise<void> => {
    const { req, res, url } = ctx;
    res.setHeader("intuit_tid", intuitTid());
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    const candidates = routes.flatMap((route) => {
      const params = match(route, url.pathname);
      return params ? [{ route, params }] : [];
    });
    const found = candidates.find((c) => c.route.method === method);
    if (!found) {
      if (candidates.length) {
        res.setHeader("allow", [...new Set(candidates.map((c) => c.route.method))].join(", "));
        return sendJson(res, 405, { error: "invalid_request", error_description: "Method not allowed" });
      }
      return sendJson(res, 404, { error: "not_found", error_description: `No route for ${url.pathname}` });
    }
    try {
      await found.route.handle({ ...ctx, params: found.params, sandbox: getSandbox() });
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { error: "invalid_request", error_description: error.message });
      }
      console.error("quickbooks sandbox: unhandled error", error);
      sendJson(res, 500, { error: "server_error" });
    }
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
  handler: () => ((ctx: Omit<RequestContext, "params" | "sandbox">) => Promise<void>) | undefined,
): Promise<Listening> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sandbox");
    const handle = handler();
    if (!handle) {
      res.writeHead(503).end();
      return;
    }
    void handle({ req, res, url });
  });
  return { server, port: await listenOn(server, port, host), close: () => closeServer(server) };
}
