/** The Accounting API v3 read endpoints: query, single reads, invoice PDFs, CDC and CompanyInfo. */
import { pipeline } from "node:stream/promises";
import type { RequestContext } from "../context.ts";
import { readBody, sendJson } from "../http.ts";
import { changeDataCapture } from "./cdc.ts";
import { companyInfoJson } from "./entities.ts";
import { canonicalName, execute, resolveEntity } from "./execute.ts";
import { invalidParameter, OBJECT_NOT_FOUND, sendFault, unsupportedOperation } from "./faults.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { parseQuery, QueryError } from "./query.ts";
import { ENTITIES, type EntityName, OTHER_QBO_ENTITIES } from "./records.ts";
import { type Json, type RenderOptions, render, renderById } from "./render.ts";
import type { CompanyStore } from "./store.ts";
import { formatServerTime } from "./time.ts";

export interface ApiCall extends RenderOptions {
  ctx: RequestContext;
  realmId: string;
  store: CompanyStore;
  /** The path after /v3/company/{realmId}, e.g. "/query" or "/invoice/130". */
  rest: string;
  minorVersion: number | undefined;
  /**
   * Waits as Intuit would for an answer of `rows` rows (the latency model; at once when off).
   * Throws LatencyFault when the model answers the request 504 or another 5xx instead.
   */
  settle(rows: number): Promise<void>;
}

function envelope(ctx: RequestContext, body: Json): Json {
  return { ...body, time: formatServerTime(ctx.sandbox.now()) };
}

async function queryText(ctx: RequestContext): Promise<string> {
  if (ctx.req.method !== "POST") return ctx.url.searchParams.get("query") ?? "";
  const body = await readBody(ctx.req);
  if ((ctx.req.headers["content-type"] ?? "").includes("x-www-form-urlencoded")) {
    return new URLSearchParams(body).get("query") ?? "";
  }
  return body || (ctx.url.searchParams.get("query") ?? "");
}

/** GET /query?query=... or POST /query with the statement as an application/text body. */
export async function query(call: ApiCall): Promise<void> {
  const { ctx, store } = call;
  const now = ctx.sandbox.now();
  try {
    const parsed = parseQuery(await queryText(ctx));
    const entity = resolveEntity(parsed.entity);
    if (!entity) {
      throw new QueryError("4001", `QueryValidationError: Invalid context declaration : ${parsed.entity}`);
    }
    let response: Json;
    let answered = 0;
    if (entity === "other" || entity === "CompanyInfo") {
      const rows = entity === "CompanyInfo" ? [companyInfoJson(store, call)] : [];
      answered = parsed.count ? 0 : rows.length;
      if (parsed.count) response = { totalCount: rows.length };
      else response = rows.length ? { CompanyInfo: rows, startPosition: 1, maxResults: rows.length } : {};
    } else {
      const result = execute(store, entity, parsed);
      answered = "count" in result ? 0 : result.rows.length;
      if ("count" in result) response = { totalCount: result.count };
      else if (!result.rows.length) response = {};
      else {
        response = {
          [entity]: result.rows.map((row) => render(store, entity, row, call)),
          startPosition: result.startPosition,
          maxResults: result.rows.length,
        };
      }
    }
    await call.settle(answered);
    sendJson(ctx.res, 200, envelope(ctx, { QueryResponse: response }));
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    await call.settle(0);
    sendFault(ctx.res, 400, [{ Message: error.message, Detail: error.detail, code: error.code }], now);
  }
}

/** GET /cdc?entities=...&changedSince=... */
export async function cdc(call: ApiCall): Promise<void> {
  const { ctx } = call;
  const now = ctx.sandbox.now();
  const result = changeDataCapture(call.store, ctx.url.searchParams, now, call.minorVersion);
  await call.settle(result.ok ? cdcObjects(result.body) : 0);
  if (!result.ok) return sendFault(ctx.res, 400, result.errors, now);
  sendJson(ctx.res, 200, envelope(ctx, result.body));
}

/** How many objects a CDC answer holds (what its time grows with). */
function cdcObjects(body: Json): number {
  const answers = (body.CDCResponse as { QueryResponse?: Json[] }[] | undefined) ?? [];
  let objects = 0;
  for (const answer of answers) {
    for (const part of answer.QueryResponse ?? []) {
      for (const value of Object.values(part)) if (Array.isArray(value)) objects += value.length;
    }
  }
  return objects;
}

/** Whether an Accept header takes a PDF: none, application/pdf, application/* or * / * (q > 0). */
function acceptsPdf(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  return accept.split(",").some((range) => {
    const [type = "", ...params] = range
      .toLowerCase()
      .split(";")
      .map((part) => part.trim());
    const q = params.find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) return false;
    return type === "application/pdf" || type === "application/*" || type === "*/*";
  });
}

/**
 * GET /invoice/{id}/pdf: the invoice as application/pdf, streamed. Another Accept gets 406 with a
 * validation fault (GUESS: what Intuit answers is not documented); an unknown id, the 610 fault
 * every read answers.
 */
async function invoicePdfRead(call: ApiCall, idText: string): Promise<void> {
  const { ctx, store } = call;
  const now = ctx.sandbox.now();
  if (!acceptsPdf(ctx.req.headers.accept)) {
    const detail = `Accept ${ctx.req.headers.accept} is not supported: the invoice PDF is served as application/pdf`;
    return sendFault(ctx.res, 406, [invalidParameter(detail)], now);
  }
  const invoice = /^\d+$/.test(idText) ? store.invoices.get(Number(idText)) : undefined;
  if (!invoice) return sendFault(ctx.res, 400, [OBJECT_NOT_FOUND], now);
  ctx.res.writeHead(200, {
    "content-type": "application/pdf",
    "content-disposition": `inline; filename="Invoice_${invoice.docNumber}.pdf"`,
    "cache-control": "no-store",
  });
  await pipeline(invoicePdf(store, invoice), ctx.res);
}

const READABLE = new Map<string, EntityName>(ENTITIES.map((e) => [e.toLowerCase(), e]));
const KNOWN = new Set<string>(OTHER_QBO_ENTITIES.map((e) => e.toLowerCase()));

/** Everything under /v3/company/{realmId}/ other than query and cdc. */
export function other(call: ApiCall) {
  const { ctx, store, rest } = call;
  const now = ctx.sandbox.now();
  const parts = rest.split("/").filter(Boolean);
  const name = parts[0]?.toLowerCase() ?? "";
  const isGet = ctx.req.method === "GET";

  if (name === "companyinfo" && parts.length === 2 && isGet) {
    if (parts[1] !== call.realmId && parts[1] !== "1")
      return sendFault(ctx.res, 400, [OBJECT_NOT_FOUND], now);
    return sendJson(ctx.res, 200, envelope(ctx, { CompanyInfo: companyInfoJson(store, call) }));
  }
  if (name === "invoice" && parts.length === 3 && parts[2]!.toLowerCase() === "pdf" && isGet) {
    return invoicePdfRead(call, parts[1]!);
  }
  const entity = READABLE.get(name);
  if ((entity || KNOWN.has(name)) && parts.length === 2 && isGet) {
    const id = /^\d+$/.test(parts[1]!) ? Number(parts[1]) : Number.NaN;
    const json = entity && Number.isSafeInteger(id) ? renderById(store, entity, id, call) : undefined;
    if (!json) return sendFault(ctx.res, 400, [OBJECT_NOT_FOUND], now);
    return sendJson(ctx.res, 200, envelope(ctx, { [entity!]: json }));
  }
  const operation = ctx.url.searchParams.get("operation");
  const what = entity || KNOWN.has(name) ? canonicalName(name) : parts.join("/");
  const description = isGet
    ? `Read ${what}`
    : `${operation ?? (parts.length > 1 ? (parts[2] ?? "update") : "create")} ${what}`;
  sendFault(ctx.res, 400, [unsupportedOperation(description)], now);
}
