/**
 * A concurrency gate whose queue is bounded by time, not length: at most `concurrency` callers
 * hold it at once; the others queue first in, first out. A caller whose expected wait (callers
 * ahead of it, times the average holding time, over `concurrency`) would pass `maxWaitMs` is shed
 * at once, and one still queued after `maxWaitMs` (the average went up meanwhile) is shed then;
 * each is told how long the queue should take to drain, for a Retry-After.
 *
 * Two lanes: `priority` (signing in, which every other request depends on) is served before
 * `normal`, each FIFO. Both shed by the same bound, so neither grows without end.
 */
export type Lane = "priority" | "normal";

export type Admission = { admitted: true; release: () => void } | { admitted: false; retryAfterMs: number };

export interface GateOptions {
  concurrency: number;
  maxWaitMs: number;
  /** The holding time assumed until the first callers have released (milliseconds). */
  initialHoldMs?: number;
  now?: () => number;
}

interface Waiter {
  admit(): void;
  shed(retryAfterMs: number): void;
}

/** Weight of each new holding time in the running average: recent enough to follow a change in load. */
const SMOOTHING = 0.2;

export class RequestGate {
  readonly concurrency: number;
  readonly maxWaitMs: number;
  #holding = 0;
  #holdMs: number;
  #queues: Record<Lane, Waiter[]> = { priority: [], normal: [] };
  #now: () => number;
  #shed = 0;

  constructor(opts: GateOptions) {
    if (opts.concurrency < 1) throw new Error("concurrency must be at least 1");
    this.concurrency = opts.concurrency;
    this.maxWaitMs = opts.maxWaitMs;
    this.#holdMs = opts.initialHoldMs ?? 50;
    this.#now = opts.now ?? performance.now.bind(performance);
  }

  /** Holding now, queued now, shed so far, and the average holding time. */
  get stats() {
    return {
      holding: this.#holding,
      queued: this.#queues.priority.length + this.#queues.normal.length,
      shed: this.#shed,
      holdMs: Math.round(this.#holdMs),
    };
  }

  /** How long a caller joining `lane` now would wait, by the average holding time. */
  expectedWaitMs(lane: Lane): number {
    if (this.#holding < this.concurrency) return 0;
    const ahead = this.#queues.priority.length + (lane === "normal" ? this.#queues.normal.length : 0);
    return ((ahead + 1) * this.#holdMs) / this.concurrency;
  }

  /** Resolves when the caller may go on (then it must `release()` once done) or is shed. */
  enter(lane: Lane, signal?: AbortSignal): Promise<Admission> {
    if (signal?.aborted) return Promise.resolve({ admitted: false, retryAfterMs: 0 });
    if (this.#holding < this.concurrency) return Promise.resolve(this.#admit());
    const expected = this.expectedWaitMs(lane);
    if (expected > this.maxWaitMs) {
      this.#shed++;
      return Promise.resolve({ admitted: false, retryAfterMs: this.#drainMs() });
    }
    return new Promise<Admission>((resolve) => {
      const leave = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        const queue = this.#queues[lane];
        queue.splice(queue.indexOf(waiter), 1);
      };
      const waiter: Waiter = {
        admit: () => {
          leave();
          resolve(this.#admit());
        },
        shed: (retryAfterMs) => {
          leave();
          this.#shed++;
          resolve({ admitted: false, retryAfterMs });
        },
      };
      const onAbort = () => waiter.shed(0);
      const timer = setTimeout(() => waiter.shed(this.#drainMs()), this.maxWaitMs);
      timer.unref?.();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#queues[lane].push(waiter);
    });
  }

  #admit(): Admission {
    this.#holding++;
    const since = this.#now();
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.#holding--;
        this.#holdMs += SMOOTHING * (this.#now() - since - this.#holdMs);
        (this.#queues.priority[0] ?? this.#queues.normal[0])?.admit();
      },
    };
  }

  /** The time the whole queue should take to drain: what a shed caller is told to wait. */
  #drainMs(): number {
    return ((this.stats.queued + 1) * this.#holdMs) / this.concurrency;
  }
}
