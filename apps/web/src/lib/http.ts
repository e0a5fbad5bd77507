import { apiPaths, type ErrorBody, errorCodes, renewalHeaders } from "@recoup/contracts";

/** What the API answered when a call failed: HTTP status, the error body's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Code of an ApiError raised when the server could not be reached at all (status 0). */
export const NETWORK_ERROR = "NETWORK_ERROR";
export const INVALID_RESPONSE = "INVALID_RESPONSE";

export function isApiError(error: unknown, status?: number, code?: string): error is ApiError {
  return (
    error instanceof ApiError &&
    (status === undefined || error.status === status) &&
    (code === undefined || error.code === code)
  );
}

/** Where the client keeps its tokens; the browser's is the cookie session (lib/session.ts). */
export interface TokenStore {
  getIdToken(): string | undefined;
  setTokens(tokens: { accessToken?: string; idToken?: string }): void;
  /** The refresh failed: the session is over. */
  onSessionExpired(): void;
}

export interface Parser<T> {
  parse(data: unknown): T;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A FormData goes as multipart; anything else is sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Sends the bearer id token and renews it on a 401 (default true). */
  auth?: boolean;
  /** Set false for calls whose 401 must not start a refresh (log out). */
  refreshOnUnauthorized?: boolean;
  /** A bearer token to send instead of the stored one (right after login); no refresh on 401. */
  token?: string;
  /** Parses the answer; a loader for schemas kept off the first load (lib/lazy-schemas.ts). */
  schema?: Parser<T> | (() => Promise<Parser<T>>);
  signal?: AbortSignal;
}

export type RefreshOutcome = "ok" | "failed" | "network";

export interface HttpClientDeps {
  fetch: typeof fetch;
  store: TokenStore;
  refreshPath?: string;
}

function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The API's error body (errorBodySchema), checked by hand: its two strings are all the client
 * reads, and zod stays off /login's first load.
 */
function errorOf(body: unknown): ErrorBody["error"] | null {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  if (typeof error !== "object" || error === null) return null;
  const { code, message, details } = error as Record<string, unknown>;
  return typeof code === "string" && typeof message === "string" ? { code, message, details } : null;
}

export async function toApiError(res: Response): Promise<ApiError> {
  const error = errorOf(await readJson(res));
  if (error) return new ApiError(res.status, error.code, error.message, error.details);
  return new ApiError(res.status, `HTTP_${res.status}`, res.statusText || `Request failed (${res.status})`);
}

export function createHttpClient({
  fetch: fetchImpl,
  store,
  refreshPath = apiPaths.auth.refresh,
}: HttpClientDeps) {
  let refreshing: Promise<RefreshOutcome> | null = null;

  function applyRenewalHeaders(res: Response) {
    const accessToken = res.headers.get(renewalHeaders.accessToken) ?? undefined;
    const idToken = res.headers.get(renewalHeaders.idToken) ?? undefined;
    if (accessToken || idToken) store.setTokens({ accessToken, idToken });
  }

  async function send<T>(path: string, opts: RequestOptions<T>): Promise<{ res: Response; token?: string }> {
    const headers = new Headers({ Accept: "application/json" });
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(opts.body);
    }
    const token = opts.auth === false ? undefined : (opts.token ?? store.getIdToken());
    if (token) headers.set("Authorization", `Bearer ${token}`);
    try {
      const res = await fetchImpl(withQuery(path, opts.query), {
        method: opts.method ?? "GET",
        headers,
        body,
        credentials: "same-origin",
        signal: opts.signal,
      });
      applyRenewalHeaders(res);
      return { res, token };
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      throw new ApiError(
        0,
        NETWORK_ERROR,
        "The server could not be reached. Check your connection and try again.",
      );
    }
  }

  async function refreshNow(): Promise<RefreshOutcome> {
    // A 401 REFRESH_RACE means another tab rotated the refresh cookie at the same moment: the
    // browser now holds the new one, so one more try succeeds.
    for (let attempt = 0; attempt < 2; attempt++) {
      let res: Response;
      try {
        res = await fetchImpl(refreshPath, {
          method: "POST",
          headers: { Accept: "application/json" },
          credentials: "same-origin",
        });
      } catch {
        return "network";
      }
      if (res.ok) {
        const body = await readJson(res);
        let schemas: typeof import("@/lib/response-schemas");
        try {
          schemas = await import("@/lib/response-schemas");
        } catch {
          return "network";
        }
        const parsed = schemas.loginResponseSchema.safeParse(body);
        if (!parsed.success) return "failed";
        // The refresh token in the body is for API clients; the browser keeps its HttpOnly cookie.
        store.setTokens({ accessToken: parsed.data.data.AccessToken, idToken: parsed.data.data.IdToken });
        return "ok";
      }
      const error = await toApiError(res);
      if (res.status === 401 && error.code === errorCodes.refreshRace && attempt === 0) continue;
      return "failed";
    }
    return "failed";
  }

  /** Renews the tokens; concurrent callers share one refresh call. */
  function refresh(): Promise<RefreshOutcome> {
    if (!refreshing) {
      refreshing = refreshNow().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  }

  async function request<T = unknown>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    let { res, token } = await send(path, opts);
    if (res.status === 401 && opts.auth !== false && opts.refreshOnUnauthorized !== false && !opts.token) {
      // Another call may already have renewed the token this one was sent with.
      const current = store.getIdToken();
      const outcome = current && current !== token ? "ok" : await refresh();
      if (outcome === "network") {
        throw new ApiError(
          0,
          NETWORK_ERROR,
          "The server could not be reached. Check your connection and try again.",
        );
      }
      if (outcome === "ok") ({ res, token } = await send(path, opts));
      if (outcome === "failed" || res.status === 401) {
        const error = await toApiError(res);
        store.onSessionExpired();
        throw error;
      }
    }
    if (!res.ok) throw await toApiError(res);
    const data = res.status === 204 ? undefined : await readJson(res);
    if (!opts.schema) return data as T;
    const schema = typeof opts.schema === "function" ? await opts.schema() : opts.schema;
    try {
      return schema.parse(data);
    } catch {
      throw new ApiError(res.status, INVALID_RESPONSE, "The server sent an unexpected answer.");
    }
  }

  return {
    request,
    refresh,
    get: <T = unknown>(path: string, opts: Omit<RequestOptions<T>, "method" | "body"> = {}) =>
      request<T>(path, { ...opts, method: "GET" }),
    post: <T = unknown>(
      path: string,
      body?: unknown,
      opts: Omit<RequestOptions<T>, "method" | "body"> = {},
    ) => request<T>(path, { ...opts, method: "POST", body }),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
