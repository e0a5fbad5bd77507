/**
 * What the draft writer needs from a chat model: one system and one user text in, the answer's
 * text out (asked for as JSON). Each provider's client speaks its own wire format and turns every
 * way a call can go wrong into one `LlmError`, so callers never see a wire shape.
 */

export interface ChatPrompt {
  system: string;
  user: string;
}

/** Where a model is and how to call it. */
export interface LlmEndpoint {
  apiKey: string;
  baseUrl: string;
  model: string;
}

export interface ChatClient {
  readonly provider: "gemini" | "openai";
  readonly model: string;
  /** The answer's text. Throws LlmError; honours `signal` (an abort becomes a "timeout"). */
  complete(prompt: ChatPrompt, signal: AbortSignal): Promise<string>;
}

export type LlmFailure = "timeout" | "http" | "network" | "blocked" | "truncated" | "empty";

export class LlmError extends Error {
  constructor(
    readonly failure: LlmFailure,
    message: string,
    /** The HTTP status of an "http" failure. */
    readonly status?: number,
    /** A server's Retry-After, in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get retryable() {
    return (
      this.failure === "network" || (this.status !== undefined && (this.status === 429 || this.status >= 500))
    );
  }
}

const RETRY_CAP_MS = 2_000;
const RETRY_BASE_MS = 250;

/** One POST of JSON; network failures and aborts become LlmErrors. */
export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new LlmError("timeout", "did not answer in time");
    const cause = (error as Error).cause;
    const why = cause instanceof Error ? cause.message : (error as Error).message;
    throw new LlmError("network", `could not be reached (${why})`);
  }
}

/** Reads a JSON body; an abort while reading is a timeout, anything else not JSON is an empty answer. */
export async function readJson(res: Response, signal: AbortSignal): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    if (signal.aborted) throw new LlmError("timeout", "did not answer in time");
    throw new LlmError("empty", `answered HTTP ${res.status} without a JSON body`);
  }
}

/** An HTTP error answer, its message read from the body (each provider nests it under `error`). */
export async function httpError(res: Response, signal: AbortSignal): Promise<LlmError> {
  const body = await readJson(res, signal).catch(() => undefined);
  const error = (body as { error?: { message?: unknown; status?: unknown; code?: unknown } } | undefined)
    ?.error;
  const label = [error?.status, error?.code].find((v) => typeof v === "string" && v);
  const message = typeof error?.message === "string" ? error.message.replace(/\s+/g, " ").slice(0, 200) : "";
  const header = res.headers.get("retry-after");
  const retryAfter = header === null || header.trim() === "" ? Number.NaN : Number(header);
  return new LlmError(
    "http",
    `answered HTTP ${res.status}${label ? ` ${label}` : ""}${message ? `: ${message}` : ""}`,
    res.status,
    Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined,
  );
}

/**
 * Calls `attempt` and, when it fails in a way worth repeating (429, 5xx, network), once more
 * after the server's Retry-After (capped) or a short jittered pause, if `signal` is still live.
 */
export async function withRetry<T>(attempt: () => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!(error instanceof LlmError) || !error.retryable || signal.aborted) throw error;
    const pause = Math.min(error.retryAfterMs ?? RETRY_BASE_MS * (1 + Math.random()), RETRY_CAP_MS);
    const waited = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), pause);
      signal.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve(false);
        },
        { once: true },
      );
    });
    if (!waited) throw error;
    return attempt();
  }
}
