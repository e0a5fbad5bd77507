/**
 * The one way tests call the API: a `Caller`, the same over `inject()` on an app built in the test
 * and over HTTP on a running server (the browser tests' stack, benchmarks).
 */
import type { FastifyInstance, InjectOptions } from "fastify";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A cookie the answer set: its name and value, and its attributes as `set-cookie-parser` names them. */
export interface SetCookie {
  name: string;
  value: string;
  path?: string;
  domain?: string;
  expires?: Date;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked by the tests that read them
  json: any;
  text: string;
  /** The body's bytes: over `inject()` as sent (still compressed), over HTTP as fetch decoded them. */
  raw: Buffer;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: SetCookie[];
}

export interface CallOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is (a webhook's exact bytes, a MIME message, a malformed form); set its content type in `headers`. */
  raw?: string | Buffer;
  /** `Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
  /** Cookies the browser would send, by name. */
  cookies?: Record<string, string>;
  /** Fails the call when no answer has come by then. */
  timeoutMs?: number;
}

/** The cookie of that name the answer set, if it set one. */
export const cookieOf = (res: Pick<CallResult, "cookies">, name: string) =>
  res.cookies.find((c) => c.name === name);

/** One API call, the same for an in-process app and a running server. */
export type Caller = (method: Method, path: string, opts?: CallOptions) => Promise<CallResult>;

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const headersOf = (opts: CallOptions) => {
  const cookie = Object.entries(opts.cookies ?? {})
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
  return {
    ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(cookie ? { cookie } : {}),
    ...opts.headers,
  };
};

const payloadOf = (opts: CallOptions) =>
  opts.raw !== undefined ? opts.raw : opts.body !== undefined ? JSON.stringify(opts.body) : undefined;

function withTimeout(caller: Caller): Caller {
  return (method, path, opts = {}) => {
    const call = caller(method, path, opts);
    if (opts.timeoutMs === undefined) return call;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${method} ${path}: no answer after ${opts.timeoutMs} ms`)),
        opts.timeoutMs,
      );
    });
    return Promise.race([call, late]).finally(() => clearTimeout(timer));
  };
}

export function injectCaller(app: FastifyInstance): Caller {
  return withTimeout(async (method, path, opts = {}) => {
    const payload = payloadOf(opts);
    const res = await app.inject({
      method,
      url: path,
      headers: headersOf(opts),
      ...(payload !== undefined ? { payload: payload as InjectOptions["payload"] } : {}),
    });
    return {
      status: res.statusCode,
      json: parse(res.body),
      text: res.body,
      raw: res.rawPayload,
      headers: res.headers,
      cookies: res.cookies as SetCookie[],
    };
  });
}

/** A `Set-Cookie` header as `inject()` reads it. */
function parseSetCookie(header: string): SetCookie {
  const [pair = "", ...attributes] = header.split(";").map((part) => part.trim());
  const at = pair.indexOf("=");
  const cookie: SetCookie = { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)) };
  for (const attribute of attributes) {
    const [key = "", value = ""] = attribute.split("=");
    const name = key.toLowerCase();
    if (name === "httponly") cookie.httpOnly = true;
    else if (name === "secure") cookie.secure = true;
    else if (name === "samesite") cookie.sameSite = value;
    else if (name === "path") cookie.path = value;
    else if (name === "domain") cookie.domain = value;
    else if (name === "max-age") cookie.maxAge = Number(value);
    else if (name === "expires") cookie.expires = new Date(value);
  }
  return cookie;
}

export function httpCaller(baseUrl: string): Caller {
  return withTimeout(async (method, path, opts = {}) => {
    const payload = payloadOf(opts);
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: headersOf(opts),
      ...(payload !== undefined
        ? { body: typeof payload === "string" ? payload : new Uint8Array(payload) }
        : {}),
      ...(opts.timeoutMs !== undefined ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
    });
    const raw = Buffer.from(await res.arrayBuffer());
    const text = raw.toString("utf8");
    return {
      status: res.status,
      json: parse(text),
      text,
      raw,
      headers: Object.fromEntries(res.headers),
      cookies: res.headers.getSetCookie().map(parseSetCookie),
    };
  });
}
