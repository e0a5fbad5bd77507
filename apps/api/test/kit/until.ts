/** Waiting in tests: for time to pass, and for something to become true. */

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface UntilOptions {
  /** What is awaited, for the error at the end. */
  what?: string;
  /** Between two tries (100 ms by default). */
  intervalMs?: number;
}

/**
 * Calls `fn` until it answers something other than undefined, null or false, and answers that. After
 * `timeoutMs` it throws, naming what it waited for. An error `fn` throws ends the wait at once.
 */
export async function until<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 15_000,
  { what = "the condition", intervalMs = 100 }: UntilOptions = {},
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>;
    if (Date.now() > deadline) throw new Error(`${what}: not so after ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
