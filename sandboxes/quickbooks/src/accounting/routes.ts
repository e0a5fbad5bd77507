/**
 * `/v3/company/{realmId}/...`: checks the bearer token against the OAuth state (401 for an
 * unknown, expired or revoked token; 403 for another realm or no accounting scope), then the
 * realm's request limit (429), then any injected fault, then answers: after the latency model's
 * wait for the operation and the answer's rows (or its 504 / 5xx instead), when the model is on.
 */
import type { RequestContext, Route, SandboxContext } from "../context.ts";
import { bearerToken } from "../http.ts";
import { ACCOUNTING_SCOPE } from "../oauth/scopes.ts";
import { type ApiCall, cdc, other, query } from "./api.ts";
import {
  sendForbidden,
  sendGatewayTimeout,
  sendServerError,
  sendThrottled,
  sendUnauthorized,
} from "./faults.ts";
import { LatencyFault, type Operation, operationOf } from "./latency.ts";
import type { CompanyStore } from "./store.ts";

const API_PATH = /^\/v3\/company\/(?<realmId>[^/]+)(?<rest>\/.*)?$/;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function minorVersion(ctx: RequestContext): number | undefined {
  const value = ctx.url.searchParams.get("minorversion");
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** With `include=invoiceLink`, invoices in the answer carry their InvoiceLink (when they have one). */
function invoiceLinks(ctx: RequestContext, store: CompanyStore): Pick<ApiCall, "invoiceLink"> {
  const include = ctx.url.searchParams.getAll("include").join(",").toLowerCase().split(",");
  if (!include.some((value) => value.trim() === "invoicelink")) return {};
  return { invoiceLink: (invoice) => ctx.sandbox.invoiceLinks.url(store.info, invoice) };
}

/** The call's wait (once) as the latency model draws it; throws LatencyFault for its 504 or 5xx. */
function settler(sandbox: SandboxContext, realmId: string, operation: Operation) {
  let settled = false;
  return async (rows: number) => {
    if (settled) return;
    settled = true;
    const drawn = sandbox.latency.draw(realmId, operation, rows);
    if (drawn.delayMs) await sleep(drawn.delayMs);
    if (drawn.kind !== "ok") throw new LatencyFault(drawn);
  };
}

/** Answers the call: query and CDC wait by their rows, the rest before answering. */
async function answer(call: ApiCall, path: string): Promise<void> {
  const { ctx } = call;
  try {
    if (path === "/query") return await query(call);
    if (path === "/cdc" && ctx.req.method === "GET") return await cdc(call);
    await call.settle(1);
    return await other(call);
  } catch (error) {
    if (!(error instanceof LatencyFault)) throw error;
    const now = ctx.sandbox.now();
    if (error.draw.kind === "504") return sendGatewayTimeout(ctx.res, now);
    return sendServerError(ctx.res, error.draw.status, now);
  }
}

async function handle(ctx: RequestContext): Promise<void> {
  const { sandbox, res } = ctx;
  const realmId = decodeURIComponent(ctx.params.realmId ?? "");
  const rest = ctx.params.rest ?? "/";
  const now = sandbox.now();

  const token = bearerToken(ctx.req);
  if (!token || token.length < 20) {
    return sendUnauthorized(res, "Malformed bearer token: too short or too long", now);
  }
  const access = sandbox.oauth.verifyAccessToken(token);
  if (!access) return sendUnauthorized(res, `Token expired: ${token.slice(0, 32)}`, now);
  const realm = sandbox.realms.get(realmId);
  if (access.realmId !== realmId || !access.scopes.includes(ACCOUNTING_SCOPE) || !realm) {
    return sendForbidden(res, now);
  }

  const settings = sandbox.throttle.settings(realmId);
  const format = settings ? settings.format : "xml";
  if (!sandbox.throttle.acquire(realmId)) return sendThrottled(res, format, now);
  try {
    const injected = sandbox.faults.draw(realmId);
    if (injected.delayMs) await sleep(injected.delayMs);
    switch (injected.kind) {
      case "drop":
        ctx.req.socket.destroy();
        return;
      case "cut":
        cutMidBody(res);
        break;
      case "revoke": {
        const grant = sandbox.oauth.grant(access.grantId);
        if (grant) sandbox.oauth.revokeGrant(grant);
        return sendUnauthorized(res, `Token expired: ${token.slice(0, 32)}`, sandbox.now());
      }
      case "429":
        return sendThrottled(res, format, sandbox.now());
      case "5xx":
        return sendServerError(res, injected.status, sandbox.now());
    }
    const path = rest.toLowerCase().replace(/\/+$/, "");
    const call: ApiCall = {
      ctx,
      settle: settler(sandbox, realmId, operationOf(ctx.req.method, path)),
      realmId,
      store: realm.store,
      rest,
      minorVersion: minorVersion(ctx),
      ...invoiceLinks(ctx, realm.store),
    };
    return await answer(call, path);
  } finally {
    sandbox.throttle.release(realmId);
  }
}

/**
 * The answer goes out with its headers (its full Content-Length) and the first half of its body,
 * then the connection closes: a page lost mid-transfer, as a reset or a proxy's timeout does.
 */
function cutMidBody(res: RequestContext["res"]) {
  res.end = ((chunk?: string | Buffer) => {
    const body = Buffer.from(chunk ?? "");
    res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.destroy());
    return res;
  }) as typeof res.end;
}

export const accountingRoutes: Route[] = [
  { method: "GET", path: API_PATH, handle },
  { method: "POST", path: API_PATH, handle },
];
