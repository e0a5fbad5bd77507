import { type Metrics, secondsSince } from "../../lib/metrics.ts";
import { type PdfStream, relayPdf } from "./invoice-pdf.ts";
import { QboError } from "./qbo-error.ts";
import { parseRecords } from "./record-parsers.ts";

export { QboError };

import type { QboEntityName, QboRecords } from "./records.ts";

export interface QboApiOptions {
  baseUrl: string;
  minorVersion: number;
  /** First backoff; doubles each retry (jittered), or Retry-After when Intuit sends it. */
  retryBaseMs: number;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Counts calls, 429s and retries (decision 0024). */
  metrics?: Metrics;
}

/** What a call was, for the metrics: a query page, a count, change data capture, invoice links, a PDF. */
type Operation = "query" | "count" | "cdc" | "invoice_links" | "pdf";
/**
 * Admission to Intuit's per-realm limits, asked before every request (each retry too): answers
 * when the request may go, with the release to call once it is answered. Kept outside the client
 * (the database holds the count for every process, decision 0025).
 */
export interface QboCallGate {
  enter(realmId: string): Promise<() => Promise<void>>;
}
const open: QboCallGate = { enter: async () => async () => {} };

/** Intuit leaves inactive customers out of a query unless asked; their invoices still count. */
const ALL_ROWS: Record<QboEntityName, string> = {
  Customer: "Active in (true, false)",
  Invoice: "",
  Payment: "",
  CreditMemo: "",
};

/** Builds the Accounting API's SQL-like query for one entity (its own `where`, paging by position). */
function entityQuery(
  entity: QboEntityName,
  opts: { count?: boolean; changedSince?: Date; position?: number; size?: number },
) {
  const conditions = [
    ...(opts.changedSince ? [`MetaData.LastUpdatedTime >= '${opts.changedSince.toISOString()}'`] : []),
    ...(ALL_ROWS[entity] ? [ALL_ROWS[entity]] : []),
  ];
  const where = conditions.length ? ` where ${conditions.join(" and ")}` : "";
  if (opts.count) return `select count(*) from ${entity}${where}`;
  return `select * from ${entity}${where} orderby Id startposition ${opts.position ?? 1} maxresults ${opts.size ?? 1000}`;
}

const RETRYABLE = new Set([429, 500, 502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The one client of the Accounting API v3: queries, CDC, retries with backoff. */
export class QboApi {
  private readonly maxRetries: number;
  private readonly fetchImpl: typeof fetch;
  /** Set by the assembly (the database's budget); without one, requests go at once. */
  gate: QboCallGate = open;

  constructor(private readonly opts: QboApiOptions) {
    this.maxRetries = opts.maxRetries ?? 6;
    this.fetchImpl = opts.fetch ?? fetch;
  }

  private url(realmId: string, path: string, params: Record<string, string> = {}) {
    const url = new URL(`${this.opts.baseUrl}/v3/company/${encodeURIComponent(realmId)}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set("minorversion", String(this.opts.minorVersion));
    return url;
  }

  /**
   * GET with the realm's access token; retries 429, 5xx and dropped connections. A call a person
   * waits for may shorten the wait (`timeoutMs`, per attempt) and the retries.
   */
  async get<T>(
    realmId: string,
    accessToken: string,
    path: string,
    params: Record<string, string> = {},
    call: { timeoutMs?: number; maxRetries?: number; operation?: Operation } = {},
  ): Promise<T> {
    const url = this.url(realmId, path, params);
    const maxRetries = call.maxRetries ?? this.maxRetries;
    const operation = call.operation ?? (path === "cdc" ? "cdc" : "query");
    for (let attempt = 0; ; attempt++) {
      const answered = await this.gate.enter(realmId);
      let res: Response;
      const started = performance.now();
      let body: string;
      try {
        res = await this.fetchImpl(url, {
          headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
          signal: AbortSignal.timeout(call.timeoutMs ?? 60_000),
        });
        body = await res.text();
      } catch (err) {
        await answered();
        this.counted(operation, "network", started);
        if (attempt >= maxRetries) throw new QboError(0, "NETWORK", `QuickBooks unreachable: ${String(err)}`);
        this.opts.metrics?.qboRetries.inc({ reason: "network" });
        await sleep(this.backoff(attempt));
        continue;
      }
      await answered();
      this.counted(operation, res.status, started);
      if (res.ok) return JSON.parse(body) as T;
      const tid = res.headers.get("intuit_tid") ?? undefined;
      if (RETRYABLE.has(res.status) && attempt < maxRetries) {
        this.opts.metrics?.qboRetries.inc({ reason: res.status === 429 ? "429" : "5xx" });
        const retryAfter = Number(res.headers.get("retry-after"));
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : this.backoff(attempt),
        );
        continue;
      }
      throw new QboError(
        res.status,
        faultCode(body),
        `QuickBooks answered ${res.status}: ${body.slice(0, 300)}`,
        tid,
      );
    }
  }

  /** One attempt's answer (or none) and its latency; a 429 is also counted on its own. */
  private counted(operation: Operation, status: number | "network", started: number) {
    const m = this.opts.metrics;
    if (!m) return;
    m.qboRequests.inc({ operation, status: String(status) });
    m.qboDuration.observe({ operation }, secondsSince(started));
    if (status === 429) m.qboThrottled.inc();
  }

  private query(realmId: string, accessToken: string, query: string, operation: Operation = "query") {
    return this.get<{ QueryResponse?: Record<string, unknown> }>(
      realmId,
      accessToken,
      "query",
      { query },
      { operation },
    );
  }

  /** One page of an entity by position (Intuit allows no `Id >`), optionally only records changed since a time. */
  async page<E extends QboEntityName>(
    realmId: string,
    accessToken: string,
    entity: E,
    opts: { position: number; size: number; changedSince?: Date },
  ): Promise<QboRecords[E][]> {
    const res = await this.query(realmId, accessToken, entityQuery(entity, opts));
    return parseRecords(entity, res.QueryResponse?.[entity]);
  }

  /** How many records of an entity Intuit holds (inactive customers included). */
  async count(realmId: string, accessToken: string, entity: QboEntityName): Promise<number> {
    const res = await this.query(realmId, accessToken, entityQuery(entity, { count: true }), "count");
    return Number(res.QueryResponse?.totalCount ?? 0);
  }

  /**
   * QuickBooks' 'view and pay' pages of a customer's open invoices (`include=invoiceLink`): only
   * invoices that take online payment have one. Not synced: CDC leaves the link out.
   */
  async openInvoiceLinks(
    realmId: string,
    accessToken: string,
    customerId: string,
    call: { timeoutMs?: number; maxRetries?: number } = {},
  ): Promise<Map<string, string>> {
    if (!/^\d{1,20}$/.test(customerId)) return new Map();
    const query = `select * from Invoice where CustomerRef = '${customerId}' and Balance > '0' maxresults 1000`;
    const res = await this.get<{ QueryResponse?: { Invoice?: { Id?: unknown; InvoiceLink?: unknown }[] } }>(
      realmId,
      accessToken,
      "query",
      { query, include: "invoiceLink" },
      { ...call, operation: "invoice_links" },
    );
    const links = new Map<string, string>();
    for (const invoice of res.QueryResponse?.Invoice ?? [])
      if (typeof invoice.Id === "string" && typeof invoice.InvoiceLink === "string" && invoice.InvoiceLink)
        links.set(invoice.Id, invoice.InvoiceLink);
    return links;
  }

  /**
   * An invoice's PDF as QuickBooks renders it (`GET /v3/company/<realm>/invoice/<id>/pdf`), as a
   * stream never stored, within 10 MB (invoice-pdf.ts). No retries: a person or a send waits.
   */
  async invoicePdf(
    realmId: string,
    accessToken: string,
    invoiceId: string,
    timeoutMs: number,
  ): Promise<PdfStream> {
    const url = this.url(realmId, `invoice/${encodeURIComponent(invoiceId)}/pdf`);
    // Counted in flight until its headers arrive (the body is relayed as it comes).
    const answered = await this.gate.enter(realmId);
    let res: Response;
    const started = performance.now();
    try {
      res = await this.fetchImpl(url, {
        headers: { authorization: `Bearer ${accessToken}`, accept: "application/pdf" },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      this.counted("pdf", "network", started);
      throw new QboError(0, "NETWORK", `QuickBooks unreachable: ${String(err)}`);
    } finally {
      await answered();
    }
    this.counted("pdf", res.status, started);
    return relayPdf(res);
  }

  /** Change data capture for one entity since a time (deletions included, as `deleted` records). */
  async changes<E extends QboEntityName>(
    realmId: string,
    accessToken: string,
    entity: E,
    changedSince: Date,
  ): Promise<QboRecords[E][]> {
    const res = await this.get<{ CDCResponse?: { QueryResponse?: Record<string, unknown>[] }[] }>(
      realmId,
      accessToken,
      "cdc",
      { entities: entity, changedSince: changedSince.toISOString() },
    );
    return (res.CDCResponse?.[0]?.QueryResponse ?? []).flatMap((group) =>
      parseRecords(entity, group[entity]),
    );
  }

  private backoff(attempt: number) {
    const base = this.opts.retryBaseMs * 2 ** attempt;
    return Math.min(base, 60_000) * (0.5 + Math.random() / 2);
  }
}

/** Intuit's Fault code from a JSON or XML body, for logs and decisions. */
function faultCode(body: string): string {
  const json = /"code"\s*:\s*"?(\w+)"?/.exec(body);
  if (json?.[1]) return json[1];
  const xml = /<Error code="(\w+)"/.exec(body);
  return xml?.[1] ?? "UNKNOWN";
}
