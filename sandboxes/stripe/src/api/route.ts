import { noSuch } from "../errors.ts";
import type { Params } from "../params.ts";
import type { Sandbox } from "../sandbox.ts";
import type { CustomerRow } from "../state.ts";
import type { Cause } from "../types.ts";

export interface ApiContext {
  sandbox: Sandbox;
  p: Params;
  path: Record<string, string>;
  requestId: string;
  idempotencyKey: string | null;
}

export interface ApiRoute {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  handle(ctx: ApiContext): object;
}

export function route(method: ApiRoute["method"], path: string, handle: ApiRoute["handle"]): ApiRoute {
  const source = path.replace(/:(\w+)/g, "(?<$1>[^/]+)");
  return { method, pattern: new RegExp(`^${source}$`), handle };
}

/** The cause of changes made by this request, at the customer's (test clock) time. */
export function causeOf(ctx: ApiContext, customer?: CustomerRow): Cause {
  return ctx.sandbox.billing.causeFor(customer, { id: ctx.requestId, idempotency_key: ctx.idempotencyKey });
}

export function customerRow(ctx: ApiContext, id: string, param?: string): CustomerRow {
  const row = ctx.sandbox.state.customers.get(id);
  if (!row || row.deleted) throw noSuch("customer", id, param);
  return row;
}
