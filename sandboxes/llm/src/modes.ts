/** How the stand-in model behaves: a global mode, and modes queued for the next requests. */

export const MODES = [
  "normal",
  "wrong-amount",
  "wrong-date",
  "wrong-invoice",
  "wrong-days",
  "slow",
  "error",
  "rate-limit",
  "obey-injection",
  "include-text",
  "invalid-json",
  "fenced-json",
  "blocked",
  "max-tokens",
] as const;

export type LlmMode = (typeof MODES)[number];

export interface ModeSettings {
  mode: LlmMode;
  /** Wait this long before answering (any mode). Default: the sandbox's `delayMs` for "slow", else 0. */
  delayMs?: number;
  /** "error" only: 500 (default), 502, 503 or 504. */
  status?: number;
  /** "rate-limit" only: the Retry-After seconds (default 1). */
  retryAfterSeconds?: number;
}

/** A mode name, or a mode with its settings. */
export type ModeSpec = LlmMode | ModeSettings;

export class ModeError extends Error {}

const ERROR_STATUSES = [500, 502, 503, 504];
const MAX_DELAY_MS = 10 * 60_000;

/** Checks a mode given in code or over HTTP; throws ModeError with a readable message. */
export function toSettings(spec: unknown): ModeSettings {
  const raw = typeof spec === "string" ? { mode: spec } : spec;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ModeError("A mode is a name or an object with a `mode` field");
  }
  const { mode, delayMs, status, retryAfterSeconds, ...rest } = raw as Record<string, unknown>;
  if (typeof mode !== "string" || !(MODES as readonly string[]).includes(mode)) {
    throw new ModeError(`Unknown mode ${JSON.stringify(mode)}; one of ${MODES.join(", ")}`);
  }
  const unknown = Object.keys(rest);
  if (unknown.length) throw new ModeError(`Unknown mode setting(s): ${unknown.join(", ")}`);
  const settings: ModeSettings = { mode: mode as LlmMode };
  if (delayMs !== undefined) {
    if (typeof delayMs !== "number" || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > MAX_DELAY_MS) {
      throw new ModeError(`delayMs must be a number of milliseconds from 0 to ${MAX_DELAY_MS}`);
    }
    settings.delayMs = delayMs;
  }
  if (status !== undefined) {
    if (mode !== "error" || typeof status !== "number" || !ERROR_STATUSES.includes(status)) {
      throw new ModeError(`status is for mode "error" only, one of ${ERROR_STATUSES.join(", ")}`);
    }
    settings.status = status;
  }
  if (retryAfterSeconds !== undefined) {
    if (
      mode !== "rate-limit" ||
      typeof retryAfterSeconds !== "number" ||
      !Number.isInteger(retryAfterSeconds) ||
      retryAfterSeconds < 0
    ) {
      throw new ModeError('retryAfterSeconds is for mode "rate-limit" only, a whole number of seconds');
    }
    settings.retryAfterSeconds = retryAfterSeconds;
  }
  return settings;
}

export interface ModeState {
  mode: ModeSettings;
  queue: ModeSettings[];
}

export class Modes {
  private current: ModeSettings;
  private pending: ModeSettings[] = [];

  constructor(
    private readonly initial: ModeSettings,
    /** The delay of "slow" when its settings give none. */
    readonly slowDelayMs: number,
  ) {
    this.current = initial;
  }

  /** Checked at run time (ModeError), so it takes what the control API received. */
  set(spec: ModeSpec | unknown): ModeState {
    this.current = toSettings(spec);
    return this.state();
  }

  /** Queues modes for the next requests, one each, before the global mode applies again. */
  enqueue(specs: readonly (ModeSpec | unknown)[]): ModeState {
    const settings = specs.map(toSettings);
    this.pending.push(...settings);
    return this.state();
  }

  clearQueue(): ModeState {
    this.pending = [];
    return this.state();
  }

  /** The mode for the request being answered (takes it off the queue). */
  take(): ModeSettings {
    return this.pending.shift() ?? this.current;
  }

  delayOf(settings: ModeSettings): number {
    return settings.delayMs ?? (settings.mode === "slow" ? this.slowDelayMs : 0);
  }

  /** Back to the mode given at start, with an empty queue. */
  reset(): void {
    this.current = this.initial;
    this.pending = [];
  }

  state(): ModeState {
    return { mode: { ...this.current }, queue: this.pending.map((s) => ({ ...s })) };
  }
}
