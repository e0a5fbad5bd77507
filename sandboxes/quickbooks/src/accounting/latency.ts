/**
 * How long Intuit takes, per realm: every Accounting API request waits a time drawn from a
 * log-normal distribution for its kind of operation (a query page grows with its rows, a CDC
 * answer with its objects), and some answer 504 GatewayTimeout (code 6002) or another 5xx.
 * A request drawn longer than Intuit's 120 s cut-off answers 504 at the cut-off. Off unless
 * turned on (start option `latency`, `control.setLatency`, `QUICKBOOKS_SANDBOX_LATENCY`). Draws
 * come from a PRNG seeded from the sandbox's seed and the realm, so a run is reproducible.
 * Where each default comes from: README "Latency model" and decision 0023.
 */
import { hashSeed, Random } from "../data/random.ts";

export const OPERATIONS = ["query", "read", "cdc", "write", "pdf"] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface OperationLatency {
  /** Median of a request with no rows (ms). */
  medianMs: number;
  /** 95th percentile of that request (ms); p95 / median sets the tail (log-normal sigma). */
  p95Ms: number;
  /** Added to the median per row (query) or object (CDC) in the answer (ms); the tail scales with it. */
  perRowMs: number;
}

export interface LatencySettings {
  query: OperationLatency;
  read: OperationLatency;
  cdc: OperationLatency;
  write: OperationLatency;
  pdf: OperationLatency;
  /** Multiplies every wait (1: Intuit's speed; 0.01 for quick tests). The cut-off is scaled too. */
  scale: number;
  /** Intuit's cut-off (120 s): a request drawn longer answers 504 (6002) after this long. */
  timeoutMs: number;
  /** Share of requests answered 504 GatewayTimeout (code 6002, XML) after their drawn time. */
  rate504: number;
  /** Share answered with another server error after their drawn time. */
  rate5xx: number;
  /** Which: 500 (JSON SERVICE fault, code 3100), 502 and 503 (the load balancer's HTML page). */
  statuses5xx: number[];
}

/** The defaults: see README "Latency model" for the source of each number. */
export const INTUIT_LATENCY: LatencySettings = {
  query: { medianMs: 250, p95Ms: 750, perRowMs: 3 },
  read: { medianMs: 220, p95Ms: 660, perRowMs: 0 },
  cdc: { medianMs: 400, p95Ms: 1200, perRowMs: 3 },
  write: { medianMs: 150, p95Ms: 450, perRowMs: 0 },
  pdf: { medianMs: 800, p95Ms: 2400, perRowMs: 0 },
  scale: 1,
  timeoutMs: 120_000,
  rate504: 0.002,
  rate5xx: 0.001,
  statuses5xx: [500, 502, 503],
};

/** z of the 95th percentile of the standard normal. */
const Z95 = 1.6448536269514722;

export type LatencyInput = Partial<Omit<LatencySettings, Operation>> & {
  [K in Operation]?: Partial<OperationLatency>;
};

export type LatencyDraw =
  | { kind: "ok"; delayMs: number }
  | { kind: "504"; delayMs: number }
  | { kind: "5xx"; status: number; delayMs: number };

const isNumber = (v: unknown, min: number, max = Number.POSITIVE_INFINITY) =>
  typeof v === "number" && Number.isFinite(v) && v >= min && v <= max;

export function validateLatency(input: LatencyInput): string | undefined {
  if (typeof input !== "object" || input === null) return "latency must be an object";
  const unknown = Object.keys(input).find((key) => !(key in INTUIT_LATENCY));
  if (unknown) return `unknown latency setting ${unknown}`;
  for (const op of OPERATIONS) {
    const value = input[op];
    if (value === undefined) continue;
    if (typeof value !== "object" || value === null) return `${op} must be an object`;
    for (const key of ["medianMs", "p95Ms", "perRowMs"] as const) {
      if (value[key] !== undefined && !isNumber(value[key], 0))
        return `${op}.${key} must be a number of milliseconds`;
    }
  }
  if (input.scale !== undefined && !isNumber(input.scale, 0)) return "scale must be a number from 0";
  if (input.timeoutMs !== undefined && !isNumber(input.timeoutMs, 1))
    return "timeoutMs must be a number of milliseconds";
  for (const key of ["rate504", "rate5xx"] as const) {
    if (input[key] !== undefined && !isNumber(input[key], 0, 1)) return `${key} must be a number from 0 to 1`;
  }
  const statuses = input.statuses5xx;
  if (
    statuses !== undefined &&
    !(Array.isArray(statuses) && statuses.length > 0 && statuses.every((s) => [500, 502, 503].includes(s)))
  ) {
    return "statuses5xx must list 500, 502 or 503";
  }
  return undefined;
}

/** Settings merged over a base, operation by operation; p95 never below the median. */
export function mergeLatency(base: LatencySettings, input: LatencyInput): LatencySettings {
  const next: LatencySettings = { ...base, ...input } as LatencySettings;
  for (const op of OPERATIONS) {
    const merged = { ...base[op], ...input[op] };
    next[op] = { ...merged, p95Ms: Math.max(merged.p95Ms, merged.medianMs) };
  }
  next.statuses5xx = [...(input.statuses5xx ?? base.statuses5xx)];
  return next;
}

/** The operation's median for an answer of `rows` rows, and its log-normal sigma. */
export function shape(settings: LatencySettings, op: Operation, rows: number) {
  const { medianMs, p95Ms, perRowMs } = settings[op];
  const sigma = medianMs > 0 ? Math.log(p95Ms / medianMs) / Z95 : 0;
  return { medianMs: medianMs + perRowMs * Math.max(0, rows), sigma };
}

/** One standard normal draw (Box-Muller) from the seeded PRNG. */
function normal(random: Random): number {
  const u = 1 - random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** The waits a realm's requests were given since its model was set: the floor a client's time is compared with. */
export interface LatencyStats {
  requests: number;
  /** Their waits added up (scaled, cut off), ms. */
  totalMs: number;
  /** The longest one, ms. */
  maxMs: number;
}

export class LatencyModel {
  readonly #overrides = new Map<string, LatencySettings | false>();
  readonly #random = new Map<string, Random>();
  readonly #stats = new Map<string, LatencyStats>();

  constructor(
    readonly seed: number,
    public defaults: LatencySettings | false = false,
  ) {}

  settings(realmId: string): LatencySettings | false {
    return this.#overrides.get(realmId) ?? this.defaults;
  }

  /**
   * Turns the model on with these settings (merged over the realm's, or over Intuit's defaults)
   * for one realm, or for every realm without its own; false turns it off. Restarts the draws.
   */
  configure(realmId: string | undefined, input: LatencyInput | false): LatencySettings | false {
    const current = realmId ? this.settings(realmId) : this.defaults;
    const next = input === false ? false : mergeLatency(current || INTUIT_LATENCY, input);
    if (realmId) {
      this.#overrides.set(realmId, next);
      this.#random.delete(realmId);
      this.#stats.delete(realmId);
    } else {
      this.defaults = next;
      this.#random.clear();
      this.#stats.clear();
    }
    return next;
  }

  /** Back to the defaults for the realm (control reset), draws restarted. */
  clear(realmId: string): void {
    this.#overrides.delete(realmId);
    this.#random.delete(realmId);
    this.#stats.delete(realmId);
  }

  /** The realm's waits since its model was last set. */
  stats(realmId: string): LatencyStats {
    return { ...(this.#stats.get(realmId) ?? { requests: 0, totalMs: 0, maxMs: 0 }) };
  }

  #randomFor(realmId: string): Random {
    let random = this.#random.get(realmId);
    if (!random) {
      random = new Random(hashSeed(`${this.seed}:${realmId}:latency`));
      this.#random.set(realmId, random);
    }
    return random;
  }

  /** Unscaled time (ms) of one request: log-normal around the operation's median for `rows`. */
  sample(realmId: string, op: Operation, rows = 0): number {
    const settings = this.settings(realmId);
    if (!settings) return 0;
    const { medianMs, sigma } = shape(settings, op, rows);
    return medianMs * Math.exp(sigma * normal(this.#randomFor(realmId)));
  }

  /** What happens to one request: how long it waits (scaled, cut off) and how it is answered. */
  draw(realmId: string, op: Operation, rows = 0): LatencyDraw {
    const settings = this.settings(realmId);
    if (!settings) return { kind: "ok", delayMs: 0 };
    const random = this.#randomFor(realmId);
    const drawn = this.sample(realmId, op, rows);
    const cutOff = drawn > settings.timeoutMs;
    const delayMs = Math.min(drawn, settings.timeoutMs) * settings.scale;
    const stats = this.#stats.get(realmId) ?? { requests: 0, totalMs: 0, maxMs: 0 };
    stats.requests++;
    stats.totalMs += delayMs;
    stats.maxMs = Math.max(stats.maxMs, delayMs);
    this.#stats.set(realmId, stats);
    if (cutOff || random.next() < settings.rate504) return { kind: "504", delayMs };
    if (random.next() < settings.rate5xx) {
      const status = settings.statuses5xx[Math.floor(random.next() * settings.statuses5xx.length)] ?? 500;
      return { kind: "5xx", status, delayMs };
    }
    return { kind: "ok", delayMs };
  }
}

/**
 * The model from environment variables (`npm start -w @recoup/sandbox-quickbooks`, and the
 * sandbox `npm start` wires in): `QUICKBOOKS_SANDBOX_LATENCY` on at that scale (1 = Intuit's
 * speed, 0.1 = ten times faster; unset or 0 = off), `QUICKBOOKS_SANDBOX_RATE_504` and
 * `QUICKBOOKS_SANDBOX_RATE_5XX` (0 to 1) instead of the defaults.
 */
export function latencyFromEnv(env: Record<string, string | undefined>): LatencyInput | false {
  const scale = env.QUICKBOOKS_SANDBOX_LATENCY?.trim();
  if (!scale || Number(scale) === 0) return false;
  const input: LatencyInput = { scale: Number(scale) };
  if (env.QUICKBOOKS_SANDBOX_RATE_504?.trim()) input.rate504 = Number(env.QUICKBOOKS_SANDBOX_RATE_504);
  if (env.QUICKBOOKS_SANDBOX_RATE_5XX?.trim()) input.rate5xx = Number(env.QUICKBOOKS_SANDBOX_RATE_5XX);
  const problem = validateLatency(input);
  if (problem) throw new Error(`QUICKBOOKS_SANDBOX_LATENCY / _RATE_504 / _RATE_5XX: ${problem}`);
  return input;
}

/** Thrown by a request's wait when the model answers it with a 504 or another 5xx instead. */
export class LatencyFault extends Error {
  constructor(readonly draw: Exclude<LatencyDraw, { kind: "ok" }>) {
    super(draw.kind === "504" ? "504 GatewayTimeout" : `${draw.status} server error`);
  }
}

/** Which operation a request to `/v3/company/{realmId}{path}` is, for its latency. */
export function operationOf(method: string | undefined, path: string): Operation {
  if (path === "/query") return "query";
  if (path === "/cdc") return "cdc";
  if (method !== "GET") return "write";
  return path.endsWith("/pdf") ? "pdf" : "read";
}
