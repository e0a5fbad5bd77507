/**
 * The control API over HTTP: JSON in and out, no authentication, loopback callers only.
 * Errors answer `{ "error": "..." }` with 400 or 404. See README of the package for the list.
 */
import type { LatencyInput } from "./accounting/latency.ts";
import type { RequestContext, Route } from "./context.ts";
import { ControlError, SandboxControl } from "./control.ts";
import { HttpError, readBody, sendJson } from "./http.ts";

type Body = Record<string, unknown>;
type Handler = (control: SandboxControl, params: Record<string, string>, body: Body) => unknown;

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

async function jsonBody(ctx: RequestContext): Promise<Body> {
  const text = await readBody(ctx.req);
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Body;
  } catch {
    // answered below
  }
  throw new ControlError(400, "The body must be a JSON object");
}

function route(method: Route["method"], pattern: string, handler: Handler, status = 200): Route {
  const source = pattern.replace(/:(\w+)/g, "(?<$1>[^/]+)");
  return {
    method,
    path: new RegExp(`^/_control${source}$`),
    handle: async (ctx) => {
      if (!LOOPBACK.has(ctx.req.socket.remoteAddress ?? "")) {
        return sendJson(ctx.res, 403, { error: "The control API only answers loopback callers" });
      }
      try {
        const body = method === "GET" || method === "DELETE" ? {} : await jsonBody(ctx);
        const params = Object.fromEntries(
          Object.entries(ctx.params).map(([k, v]) => [k, decodeURIComponent(v)]),
        );
        const result = await handler(new SandboxControl(ctx.sandbox), params, body);
        sendJson(ctx.res, status, result ?? { ok: true });
      } catch (error) {
        if (error instanceof ControlError || error instanceof HttpError) {
          return sendJson(ctx.res, error.status, { error: error.message });
        }
        throw error;
      }
    },
  };
}

const R = "/realms/:realmId";

export const controlRoutes: Route[] = [
  route("GET", "/realms", (c) => c.listRealms()),
  route("POST", "/realms", (c, _, b) => c.createCompany(b), 201),
  route("GET", R, (c, p) => ({
    ...c.listRealms().find((r) => r.realmId === p.realmId),
    summary: c.summary(p.realmId!),
  })),
  route("GET", `${R}/summary`, (c, p) => c.summary(p.realmId!)),
  route("POST", `${R}/reset`, (c, p) => c.resetRealm(p.realmId!)),

  route("POST", `${R}/customers`, (c, p, b) => c.createCustomer(p.realmId!, b), 201),
  route("GET", `${R}/customers/:id`, (c, p) => readOr404(c, p, "Customer")),
  route("PUT", `${R}/customers/:id`, (c, p, b) => c.updateCustomer(p.realmId!, p.id!, b)),
  route("POST", `${R}/customers/:id`, (c, p, b) => c.updateCustomer(p.realmId!, p.id!, b)),
  route("DELETE", `${R}/customers/:id`, (c, p) => c.deleteCustomer(p.realmId!, p.id!)),

  route("POST", `${R}/invoices`, (c, p, b) => c.createInvoice(p.realmId!, b), 201),
  route("GET", `${R}/invoices/:id`, (c, p) => readOr404(c, p, "Invoice")),
  route("PUT", `${R}/invoices/:id`, (c, p, b) => c.updateInvoice(p.realmId!, p.id!, b)),
  route("POST", `${R}/invoices/:id`, (c, p, b) => c.updateInvoice(p.realmId!, p.id!, b)),
  route("DELETE", `${R}/invoices/:id`, (c, p) => c.deleteInvoice(p.realmId!, p.id!)),
  route("POST", `${R}/invoices/:id/void`, (c, p) => c.voidInvoice(p.realmId!, p.id!)),
  route("POST", `${R}/invoices/:id/pay`, (c, p, b) => c.payInvoice(p.realmId!, p.id!, b), 201),
  route("GET", `${R}/invoices/:id/link`, (c, p) => c.invoiceLink(p.realmId!, p.id!)),
  route("GET", `${R}/quickbooks-payments`, (c, p) => ({ enabled: c.paymentsEnabled(p.realmId!) })),
  route("PUT", `${R}/quickbooks-payments`, (c, p, b) => c.setPayments(p.realmId!, b.enabled as boolean)),
  route("POST", `${R}/invoices/:id/send`, (c, p, b) =>
    c.sendInvoice(p.realmId!, p.id!, typeof b.to === "string" ? b.to : undefined),
  ),

  route("POST", `${R}/payments`, (c, p, b) => c.createPayment(p.realmId!, b), 201),
  route("GET", `${R}/payments/:id`, (c, p) => readOr404(c, p, "Payment")),
  route("DELETE", `${R}/payments/:id`, (c, p) => c.deletePayment(p.realmId!, p.id!)),
  route("POST", `${R}/creditmemos`, (c, p, b) => c.createCreditMemo(p.realmId!, b as never), 201),
  route("GET", `${R}/creditmemos/:id`, (c, p) => readOr404(c, p, "CreditMemo")),

  route("GET", `${R}/faults`, (c, p) => c.getFaults(p.realmId!)),
  route("PUT", `${R}/faults`, (c, p, b) => c.setFaults(p.realmId!, b)),
  route("POST", `${R}/faults`, (c, p, b) => c.setFaults(p.realmId!, b)),
  route("DELETE", `${R}/faults`, (c, p) => c.clearFaults(p.realmId!)),
  route("GET", `${R}/throttle/stats`, (c, p) => c.throttleStats(p.realmId!)),
  route("PUT", `${R}/throttle`, (c, p, b) => c.setThrottle(p.realmId!, b.enabled === false ? false : b)),
  route("PUT", "/throttle", (c, _, b) => c.setThrottle(undefined, b.enabled === false ? false : b)),
  route("GET", `${R}/latency/stats`, (c, p) => c.latencyStats(p.realmId!)),
  route("GET", `${R}/latency`, (c, p) => ({ latency: c.getLatency(p.realmId!) })),
  route("PUT", `${R}/latency`, (c, p, b) => ({ latency: c.setLatency(p.realmId!, latencyBody(b)) })),
  route("DELETE", `${R}/latency`, (c, p) => ({ latency: c.clearLatency(p.realmId!) })),
  route("GET", "/latency", (c) => ({ latency: c.getLatency(undefined) })),
  route("PUT", "/latency", (c, _, b) => ({ latency: c.setLatency(undefined, latencyBody(b)) })),
  route("DELETE", "/latency", (c) => ({ latency: c.setLatency(undefined, false) })),

  route("POST", `${R}/tokens`, (c, p, b) => c.issueTokens(p.realmId!, b), 201),
  route("POST", `${R}/tokens/expire`, (c, p, b) => c.expireTokens(p.realmId!, { access: b.access === true })),
  route("POST", `${R}/tokens/revoke`, (c, p) => c.revokeTokens(p.realmId!)),

  route("GET", "/webhook", (c) => ({ webhook: c.getWebhook() ?? null })),
  route("PUT", "/webhook", (c, _, b) => {
    c.setWebhook(b as never);
    return { webhook: c.getWebhook() ?? null };
  }),
  route("DELETE", "/webhook", (c) => {
    c.setWebhook(undefined);
    return { webhook: null };
  }),
  route("GET", "/webhook/deliveries", (c) => c.webhookDeliveries()),
  route("POST", "/webhook/flush", async (c) => {
    await c.flushWebhooks();
    return c.webhookDeliveries();
  }),
];

/** `{"enabled":false}` turns the model off; anything else is settings (`{}`: Intuit's figures). */
function latencyBody(body: Body): LatencyInput | false {
  if (body.enabled === false) return false;
  const { enabled: _, ...settings } = body;
  return settings as LatencyInput;
}

function readOr404(
  c: SandboxControl,
  p: Record<string, string>,
  entity: "Customer" | "Invoice" | "Payment" | "CreditMemo",
) {
  const json = c.read(p.realmId!, entity, p.id!);
  if (!json) throw new ControlError(404, `${entity} ${p.id} not found`);
  return { [entity]: json };
}
