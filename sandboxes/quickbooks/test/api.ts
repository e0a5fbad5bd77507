import { afterAll, beforeAll } from "vitest";
import {
  type QuickBooksSandbox,
  type QuickBooksSandboxOptions,
  startQuickBooksSandbox,
} from "../src/index.ts";
import { CLIENT_ID, CLIENT_SECRET, REDIRECT_URI } from "./flow.ts";

export const REALM = "9341452000000001";
export const OTHER_REALM = "9341452000000002";
/** A fixed "today" for the generated data, so tests see the same company every run. */
export const DATA_NOW = "2025-06-16T10:00:00-07:00";

export type Body = Record<string, unknown>;

export interface TestSandbox {
  sandbox: QuickBooksSandbox;
  /** Added to the sandbox clock, to reach expiries and throttle windows without waiting. */
  offset: { ms: number };
  token: string;
}

/** A sandbox with an offset clock and an access token for REALM (issued by the control API). */
export async function startApiSandbox(options: QuickBooksSandboxOptions = {}): Promise<TestSandbox> {
  const offset = { ms: 0 };
  const sandbox = await startQuickBooksSandbox({
    port: 0,
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
    now: () => Date.now() + offset.ms,
    ...options,
  });
  const { access_token } = await sandbox.control.issueTokens(REALM);
  return { sandbox, offset, token: access_token };
}

/** A TestSandbox whose fields read `current()`, so a file can take it before its beforeAll starts one. */
export function liveSandbox(current: () => TestSandbox): TestSandbox {
  return {
    get sandbox() {
      return current().sandbox;
    },
    get offset() {
      return current().offset;
    },
    get token() {
      return current().token;
    },
    set token(value) {
      current().token = value;
    },
  };
}

/** The file's sandbox: started before its tests, closed after them. */
export function useApiSandbox(options: QuickBooksSandboxOptions = {}): TestSandbox {
  let t: TestSandbox | undefined;
  beforeAll(async () => {
    t = await startApiSandbox(options);
  });
  afterAll(async () => {
    await t?.sandbox.close();
  });
  return liveSandbox(() => t!);
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON. */
  body: Body;
}

export async function api(
  t: TestSandbox,
  path: string,
  init: { token?: string; realm?: string; method?: string; body?: string; contentType?: string } = {},
): Promise<ApiAnswer> {
  const res = await fetch(`${t.sandbox.baseUrl}/v3/company/${init.realm ?? REALM}${path}`, {
    method: init.method ?? "GET",
    headers: {
      accept: "application/json",
      authorization: `Bearer ${init.token ?? t.token}`,
      ...(init.contentType ? { "content-type": init.contentType } : {}),
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  const text = await res.text();
  let body: Body = {};
  if ((res.headers.get("content-type") ?? "").includes("json")) body = JSON.parse(text) as Body;
  return { status: res.status, headers: res.headers, text, body };
}

/** GET /query with the statement URL-encoded (and minorversion=75, as Recoup sends). */
export function query(t: TestSandbox, statement: string, init: { token?: string; realm?: string } = {}) {
  return api(t, `/query?query=${encodeURIComponent(statement)}&minorversion=75`, init);
}

/** The entity array of a QueryResponse (empty when Intuit leaves it out). */
export function rows(answer: ApiAnswer, entity: string): Body[] {
  const response = answer.body.QueryResponse as Body | undefined;
  return (response?.[entity] as Body[] | undefined) ?? [];
}

/** Every row of a query, paging 1000 at a time. */
export async function queryAll(t: TestSandbox, statement: string, entity: string): Promise<Body[]> {
  const all: Body[] = [];
  for (let start = 1; ; start += 1000) {
    const page = rows(await query(t, `${statement} STARTPOSITION ${start} MAXRESULTS 1000`), entity);
    all.push(...page);
    if (page.length < 1000) return all;
  }
}

/** Cents of an amount as Intuit sends it, checking it has at most 2 decimals. */
export function cents(amount: unknown): number {
  if (typeof amount !== "number") throw new Error(`not an amount: ${String(amount)}`);
  const c = Math.round(amount * 100);
  if (Math.abs(c / 100 - amount) > 1e-9) throw new Error(`more than 2 decimals: ${amount}`);
  return c;
}
