import { request as httpRequest } from "node:http";
import { type FuzzRequest, TOKEN } from "./requests.ts";

/** What one request got: its status and body, or no answer within the timeout, or not sendable. */
export type Outcome = { status: number; body: string } | "hung" | "unsendable";
/** Sends a request with the current token in place of TOKEN. */
export type Send = (request: FuzzRequest, timeoutMs: number) => Promise<Outcome>;

const withToken = (request: FuzzRequest, token: string): FuzzRequest => ({
  ...request,
  headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, v.replace(TOKEN, token)])),
});

/**
 * A body's length, as browsers and curl send it. Without it node:http sends a body chunked, and
 * Node's server resets a keep-alive connection after a GET with a chunked body (plain Node does the
 * same): the next request on that connection would fail for a reason that is not the app's.
 */
const length = (body: string | Buffer | undefined) =>
  body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) };

/**
 * Over HTTP (node:http, which sends what fetch refuses: a GET with a body, any header value): the
 * API as `npm start` serves it. A request node:http cannot send at all is counted apart.
 */
export function httpSend(baseUrl: string): Send {
  const { hostname, port } = new URL(baseUrl);
  return (request, timeoutMs) =>
    new Promise<Outcome>((resolve) => {
      let req: ReturnType<typeof httpRequest>;
      try {
        req = httpRequest({
          host: hostname,
          port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, ...length(request.body) },
        });
      } catch {
        return resolve("unsendable");
      }
      const timer = setTimeout(() => {
        resolve("hung");
        req.destroy();
      }, timeoutMs);
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
        });
        res.on("error", () => undefined);
      });
      req.on("error", () => {
        clearTimeout(timer);
        resolve("unsendable");
      });
      req.end(request.body);
    });
}

export interface Session {
  token: string;
  /** Answers a token that works: the same, or a new one when the last request ended the session. */
  renew(): Promise<string>;
}

export interface FuzzReport {
  requests: number;
  /** Requests by status ("hung" and "unsendable" too). */
  statuses: Record<string, number>;
  serverErrors: {
    operation: string;
    method: string;
    url: string;
    status: number;
    body: string;
    sent: string;
  }[];
  /**
   * Requests without an answer in time: when in the run, and (for the first ten) the same request
   * sent again alone once the run is over: one that then answers at once was held up by another
   * (a connection left unusable), one that does not hangs by itself.
   */
  hung: { operation: string; method: string; url: string; atSecond: number; alone: string }[];
  unsendable: number;
  /** The slowest answers, slowest first. */
  slowest: { operation: string; url: string; ms: number; status: number }[];
  seconds: number;
}

const summary = (body: string | Buffer | undefined) =>
  body === undefined ? "" : (typeof body === "string" ? body : body.toString("latin1")).slice(0, 300);

/**
 * Sends every request (`concurrency` at a time) and counts the answers. A 401 to a request that
 * carried the token asks the session for a working one (a logout may have ended it). Requests
 * without an answer are sent again at the end, one by one.
 */
export async function runFuzz(
  requests: FuzzRequest[],
  opts: {
    send: Send;
    session: Session;
    timeoutMs: number;
    concurrency?: number;
    onProgress?: (done: number) => void;
  },
): Promise<FuzzReport> {
  const report: FuzzReport = {
    requests: requests.length,
    statuses: {},
    serverErrors: [],
    hung: [],
    unsendable: 0,
    slowest: [],
    seconds: 0,
  };
  const hungRequests: FuzzRequest[] = [];
  const started = performance.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const sentAt = performance.now();
      const outcome = await opts.send(withToken(request, opts.session.token), opts.timeoutMs);
      const ms = Math.round(performance.now() - sentAt);
      const key = typeof outcome === "string" ? outcome : String(outcome.status);
      report.statuses[key] = (report.statuses[key] ?? 0) + 1;
      const { operation, method, url } = request;
      if (outcome === "hung") {
        report.hung.push({
          operation,
          method,
          url,
          atSecond: Math.round((sentAt - started) / 1000),
          alone: "",
        });
        hungRequests.push(request);
      } else if (outcome === "unsendable") report.unsendable++;
      else {
        report.slowest.push({ operation, url, ms, status: outcome.status });
        report.slowest = report.slowest.sort((a, b) => b.ms - a.ms).slice(0, 10);
        if (outcome.status >= 500) {
          const sent = summary(request.body);
          report.serverErrors.push({
            operation,
            method,
            url,
            status: outcome.status,
            body: outcome.body.slice(0, 300),
            sent,
          });
        } else if (outcome.status === 401 && request.headers.authorization?.includes(TOKEN)) {
          opts.session.token = await opts.session.renew();
        }
      }
      opts.onProgress?.(++done);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 1 }, worker));
  report.seconds = +((performance.now() - started) / 1000).toFixed(1);
  for (const [i, request] of hungRequests.slice(0, 10).entries()) {
    const sentAt = performance.now();
    const outcome = await opts.send(withToken(request, opts.session.token), opts.timeoutMs);
    const ms = Math.round(performance.now() - sentAt);
    report.hung[i]!.alone = typeof outcome === "string" ? outcome : `${outcome.status} in ${ms} ms`;
  }
  return report;
}
