/**
 * Intuit's per-realm limits: 500 requests per minute per realm (sliding 60 s window here) and at
 * most 10 requests in flight per realm and app. Over the limit the API answers 429 with the
 * ThrottleExceeded fault; Intuit sends no Retry-After and documents "wait 60 seconds": requests
 * refused with 429 are not counted, so a client that waits for the window to pass gets through.
 */

export interface ThrottleSettings {
  /** Requests per rolling minute per realm (Intuit: 500). */
  perMinute: number;
  /** Requests in flight at once per realm (Intuit: 10). */
  maxConcurrent: number;
  /** Body of the 429: Intuit mostly answers XML, even to JSON clients. Default "xml". */
  format: "xml" | "json";
}

export const INTUIT_THROTTLE: ThrottleSettings = { perMinute: 500, maxConcurrent: 10, format: "xml" };

export function validateThrottle(settings: Partial<ThrottleSettings>): string | undefined {
  for (const key of ["perMinute", "maxConcurrent"] as const) {
    const v = settings[key];
    if (v !== undefined && !(Number.isInteger(v) && v >= 0)) return `${key} must be a whole number`;
  }
  if (settings.format !== undefined && !["xml", "json"].includes(settings.format))
    return "format must be xml or json";
  return undefined;
}

interface RealmWindow {
  times: number[];
  head: number;
  active: number;
  /** Since the realm's last reset: requests let through, refused with 429, and the most in flight at once. */
  stats: ThrottleStats;
}

/** What a realm's client did against the limits: for tests and benchmarks to check a client keeps to them. */
export interface ThrottleStats {
  admitted: number;
  throttled: number;
  peakInFlight: number;
}

export class Throttle {
  readonly #windows = new Map<string, RealmWindow>();
  readonly #overrides = new Map<string, ThrottleSettings | false>();

  constructor(
    readonly now: () => number,
    public defaults: ThrottleSettings | false = INTUIT_THROTTLE,
  ) {}

  settings(realmId: string): ThrottleSettings | false {
    return this.#overrides.get(realmId) ?? this.defaults;
  }

  /** Changes the limits of one realm (or, without a realm, the defaults); false turns them off. */
  configure(
    realmId: string | undefined,
    settings: Partial<ThrottleSettings> | false,
  ): ThrottleSettings | false {
    const base = (realmId ? this.settings(realmId) : this.defaults) || INTUIT_THROTTLE;
    const next = settings === false ? false : { ...base, ...settings };
    if (realmId) this.#overrides.set(realmId, next);
    else this.defaults = next;
    return next;
  }

  #window(realmId: string): RealmWindow {
    let window = this.#windows.get(realmId);
    if (!window) {
      window = { times: [], head: 0, active: 0, stats: { admitted: 0, throttled: 0, peakInFlight: 0 } };
      this.#windows.set(realmId, window);
    }
    return window;
  }

  /** Counts a request; false when it must be refused with 429. Pair a true with release(). */
  acquire(realmId: string): boolean {
    const settings = this.settings(realmId);
    const window = this.#window(realmId);
    if (!settings) return this.#admit(window);
    const now = this.now();
    while (window.head < window.times.length && window.times[window.head]! <= now - 60_000) window.head++;
    if (window.head > 1024) {
      window.times = window.times.slice(window.head);
      window.head = 0;
    }
    if (window.times.length - window.head >= settings.perMinute || window.active >= settings.maxConcurrent) {
      window.stats.throttled++;
      return false;
    }
    window.times.push(now);
    return this.#admit(window);
  }

  #admit(window: RealmWindow): true {
    window.active++;
    window.stats.admitted++;
    window.stats.peakInFlight = Math.max(window.stats.peakInFlight, window.active);
    return true;
  }

  /** The realm's figures since its last reset. */
  stats(realmId: string): ThrottleStats {
    return { ...this.#window(realmId).stats };
  }

  release(realmId: string): void {
    const window = this.#windows.get(realmId);
    if (window && window.active > 0) window.active--;
  }

  /** Forgets the requests counted for a realm (control reset). */
  clear(realmId: string): void {
    const window = this.#windows.get(realmId);
    if (window) {
      window.times = [];
      window.head = 0;
      window.stats = { admitted: 0, throttled: 0, peakInFlight: window.active };
    }
  }
}
