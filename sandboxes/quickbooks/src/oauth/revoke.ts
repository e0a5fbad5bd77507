import type { RequestContext } from "../context.ts";
import { readParams, sendJson } from "../http.ts";
import { authenticateClient } from "./client-auth.ts";

/**
 * POST /oauth2/v1/tokens/revoke with JSON `{"token": ...}` (intuit-oauth) or a form `token=`
 * (node-quickbooks). Revoking an access or a refresh token disconnects the whole grant.
 * Unknown tokens answer 200 too (RFC 7009), so a retried disconnect is harmless.
 */
export async function revoke(ctx: RequestContext): Promise<void> {
  const params = await readParams(ctx.req);
  const client = authenticateClient(ctx, params);
  if (!client) return;
  const token = params.get("token");
  if (!token)
    return sendJson(ctx.res, 400, { error: "invalid_request", error_description: "token is required" });
  const grant = ctx.sandbox.oauth.grantOfToken(token);
  if (grant && grant.clientId === client.client_id) ctx.sandbox.oauth.revokeGrant(grant);
  ctx.res.writeHead(200, { "content-length": "0", "cache-control": "no-cache, no-store" });
  ctx.res.end();
}
