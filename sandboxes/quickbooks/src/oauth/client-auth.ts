import { timingSafeEqual } from "node:crypto";
import type { QuickBooksClient, RequestContext } from "../context.ts";
import { basicCredentials, sendJson } from "../http.ts";

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Authenticates the app: HTTP Basic (what Intuit documents and its SDKs send) or client_id and
 * client_secret in the form body (client_secret_post, listed in Intuit's discovery document).
 * Answers 401 invalid_client itself and returns undefined on failure.
 */
export function authenticateClient(
  ctx: RequestContext,
  params: Map<string, string>,
): QuickBooksClient | undefined {
  const basic = basicCredentials(ctx.req);
  const id = basic?.id ?? params.get("client_id");
  const secret = basic?.secret ?? params.get("client_secret");
  const client = id ? ctx.sandbox.clients.get(id) : undefined;
  if (client && secret !== undefined && same(secret, client.client_secret)) return client;
  sendJson(
    ctx.res,
    401,
    { error: "invalid_client" },
    basic ? { "www-authenticate": 'Basic realm="Intuit", error="invalid_client"' } : {},
  );
  return undefined;
}
