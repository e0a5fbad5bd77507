/**
 * Fault injection per realm for the Accounting API: at the given rates (0 to 1) a request is
 * answered 429, 5xx, slowly, or its connection is dropped without an answer; the connection can
 * also be revoked under an API call, or a refresh find its refresh token expired. Draws come from
 * a seeded PRNG, so a test run is reproducible.
 */
import { hashSeed, Random } from "../data/random.ts";

export interface FaultSettings {
  /** Share of requests answered 429 ThrottleExceeded (as if the limit were reached). */
  rate429: number;
  /** Share answered with a server error (status5xx). */
  rate5xx: number;
  /** 500 (Intuit SERVICE fault, JSON), 502/503/504 (the load balancer's HTML page). Default 500. */
  status5xx: number;
  /** Share whose connection is closed without an answer. */
  rateDrop: number;
  /** Share answered in full headers but cut mid-body: the connection closes after half the page. */
  rateCut: number;
  /** Delay of slow answers (ms). */
  slowMs: number;
  /** Share answered after slowMs. */
  slowRate: number;
  /** Share of API calls during which the connection gets revoked (401 from then on). */
  rateRevoked: number;
  /** Share of refresh_token grants that find the refresh token expired (invalid_grant from then on). */
  rateRefreshExpired: number;
}

export const NO_FAULTS: FaultSettings = {
  rate429: 0,
  rate5xx: 0,
  status5xx: 500,
  rateDrop: 0,
  rateCut: 0,
  slowMs: 0,
  slowRate: 0,
  rateRevoked: 0,
  rateRefreshExpired: 0,
};

export type Injected =
  | { kind: "none"; delayMs: number }
  | { kind: "429"; delayMs: number }
  | { kind: "5xx"; status: number; delayMs: number }
  | { kind: "drop"; delayMs: number }
  | { kind: "cut"; delayMs: number }
  | { kind: "revoke"; delayMs: number };

const RATE_KEYS = [
  "rate429",
  "rate5xx",
  "rateDrop",
  "rateCut",
  "slowRate",
  "rateRevoked",
  "rateRefreshExpired",
] as const;

export function validateFaults(input: Partial<FaultSettings>): string | undefined {
  for (const key of RATE_KEYS) {
    const value = input[key];
    if (value !== undefined && !(typeof value === "number" && value >= 0 && value <= 1)) {
      return `${key} must be a number from 0 to 1`;
    }
  }
  if (input.slowMs !== undefined && !(typeof input.slowMs === "number" && input.slowMs >= 0)) {
    return "slowMs must be a number of milliseconds";
  }
  if (input.status5xx !== undefined && ![500, 502, 503, 504].includes(input.status5xx)) {
    return "status5xx must be 500, 502, 503 or 504";
  }
  return undefined;
}

export class FaultInjector {
  readonly #settings = new Map<string, FaultSettings>();
  readonly #random = new Map<string, Random>();

  constructor(readonly seed: number) {}

  get(realmId: string): FaultSettings {
    return this.#settings.get(realmId) ?? NO_FAULTS;
  }

  /** Merges into the realm's settings (pass NO_FAULTS to clear). */
  set(realmId: string, input: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.get(realmId), ...input };
    this.#settings.set(realmId, next);
    this.#random.set(realmId, new Random(hashSeed(`${this.seed}:${realmId}`)));
    return next;
  }

  clear(realmId: string): void {
    this.#settings.delete(realmId);
  }

  #randomFor(realmId: string): Random {
    let random = this.#random.get(realmId);
    if (!random) {
      random = new Random(hashSeed(`${this.seed}:${realmId}`));
      this.#random.set(realmId, random);
    }
    return random;
  }

  /** Whether this refresh of a connection to the realm finds its refresh token expired. */
  drawRefreshExpired(realmId: string): boolean {
    const s = this.#settings.get(realmId);
    return Boolean(s && s.rateRefreshExpired > 0 && this.#randomFor(realmId).next() < s.rateRefreshExpired);
  }

  /** Decides what happens to one API request. */
  draw(realmId: string): Injected {
    const s = this.#settings.get(realmId);
    if (!s) return { kind: "none", delayMs: 0 };
    const random = this.#randomFor(realmId);
    if (s.rateRevoked > 0 && random.next() < s.rateRevoked) return { kind: "revoke", delayMs: 0 };
    const delayMs = s.slowMs > 0 && random.next() < s.slowRate ? s.slowMs : 0;
    if (random.next() < s.rateDrop) return { kind: "drop", delayMs };
    if (s.rateCut > 0 && random.next() < s.rateCut) return { kind: "cut", delayMs };
    if (random.next() < s.rate429) return { kind: "429", delayMs };
    if (random.next() < s.rate5xx) return { kind: "5xx", status: s.status5xx, delayMs };
    return { kind: "none", delayMs };
  }
}
