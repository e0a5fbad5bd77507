/**
 * The one test kit for API and browser tests: a caller over `inject()` or HTTP, the mail sandbox's
 * inbox, users, and "a company connected to the sample QuickBooks company, synced" in one call.
 */
import { apiPaths } from "@recoup/contracts";
import type { FastifyInstance, InjectOptions } from "fastify";

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are checked by the tests that read them
  json: any;
  text: string;
  headers: Record<string, string | string[] | number | undefined>;
}
export interface CallOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}
/** One API call, the same for an in-process app and a running server. */
export type Caller = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  opts?: CallOptions,
) => Promise<CallResult>;

const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export function injectCaller(app: FastifyInstance): Caller {
  return async (method, path, opts = {}) => {
    const res = await app.inject({
      method,
      url: path,
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions["payload"] } : {}),
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
    return { status: res.statusCode, json: parse(res.body), text: res.body, headers: res.headers };
  };
}

export function httpCaller(baseUrl: string): Caller {
  return async (method, path, opts = {}) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { "content-type": "application/json" } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, json: parse(text), text, headers: Object.fromEntries(res.headers) };
  };
}

export interface MailMessage {
  id: string;
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  date: string;
}

/** The mail sandbox's JSON API (newest first). */
export class Mailbox {
  constructor(readonly inboxUrl: string) {}

  async to(address: string): Promise<MailMessage[]> {
    const res = await fetch(`${this.inboxUrl}/api/messages?to=${encodeURIComponent(address)}`);
    return (await res.json()) as MailMessage[];
  }

  /** Waits until `count` emails to `address` match `subject`; answers the newest. */
  async waitFor(address: string, subject: RegExp, opts: { count?: number; timeoutMs?: number } = {}) {
    const { count = 1, timeoutMs = 15_000 } = opts;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const matching = (await this.to(address)).filter((m) => subject.test(m.subject));
      if (matching.length >= count) return matching[0]!;
      if (Date.now() > deadline) throw new Error(`no email to ${address} matching ${subject}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export const STRONG_PASSWORD = "Tr1cky&LimeOwl7";
export const VERIFY_SUBJECT = /verification code/i;
export const uniqueEmail = (label = "user") =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
export const codeFrom = (mail: MailMessage) => /(\d{6})/.exec(mail.subject)![1]!;

export interface KitUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  name: string;
  tokens: { IdToken: string; AccessToken: string; RefreshToken: string };
  /** The id token, for `Authorization: Bearer`. */
  token: string;
  companyId: string | null;
}

export interface UserOptions {
  email?: string;
  label?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** Verify the email with the emailed code (default true). */
  verify?: boolean;
  /** Complete onboarding (default true; needs verify). */
  onboard?: boolean;
  companyName?: string;
  companyType?: string;
  companySize?: string;
  timezone?: string;
}

const expectStatus = (res: CallResult, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${res.text}`);
};

/** Logs in through the API; answers the session's tokens. */
export async function logIn(call: Caller, email: string, password: string): Promise<KitUser["tokens"]> {
  const login = await call("POST", apiPaths.auth.login, { body: { email, password } });
  expectStatus(login, 200, "login");
  return login.json.data as KitUser["tokens"];
}

/** Completes onboarding for a signed-in user; answers the new company's id. */
export async function onboard(
  call: Caller,
  user: Pick<KitUser, "email" | "token">,
  opts: Pick<UserOptions, "companyName" | "companyType" | "companySize" | "timezone"> = {},
): Promise<string> {
  const res = await call("POST", apiPaths.onboarding.onboardUser, {
    token: user.token,
    body: {
      company_name: opts.companyName ?? "Acme Ltd",
      company_type: opts.companyType ?? "LLC",
      company_size: opts.companySize ?? "2-10",
      avg_invoices: 25,
      email: user.email,
      timezone: opts.timezone ?? "UTC",
    },
  });
  expectStatus(res, 201, "onboard");
  return res.json.data.companyId as string;
}

/**
 * Signs up through the API, then by default verifies with the emailed code (keeping the password
 * chosen at signup), logs in and onboards. Without `verify` the account stays pending and has no
 * tokens.
 */
export async function createUser(call: Caller, mailbox: Mailbox, opts: UserOptions = {}): Promise<KitUser> {
  const firstName = opts.firstName ?? "Test";
  const lastName = opts.lastName ?? "User";
  const email = opts.email ?? uniqueEmail(opts.label);
  const password = opts.password ?? STRONG_PASSWORD;
  const signup = await call("POST", apiPaths.auth.signup, { body: { firstName, lastName, email, password } });
  expectStatus(signup, 201, "signup");
  const user: KitUser = {
    email,
    password,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    tokens: { IdToken: "", AccessToken: "", RefreshToken: "" },
    token: "",
    companyId: null,
  };
  if (opts.verify === false) return user;
  const code = codeFrom(await mailbox.waitFor(email, VERIFY_SUBJECT));
  expectStatus(
    await call("POST", apiPaths.auth.verifyEmail, { body: { email, code, password } }),
    200,
    "verify",
  );
  user.tokens = await logIn(call, email, password);
  user.token = user.tokens.IdToken;
  if (opts.onboard ?? true) user.companyId = await onboard(call, user, opts);
  return user;
}

/** The sandbox's first sample company, connected by default. */
export const SAMPLE_REALM = "9341452000000001";

/**
 * Connects QuickBooks as a person would: the API's authorize URL, the sandbox's consent page
 * ("Connect" for the first test user and the chosen company), then the callback.
 */
export async function connectQuickBooks(
  call: Caller,
  user: KitUser,
  quickbooksBaseUrl: string,
  realmId = SAMPLE_REALM,
): Promise<void> {
  const start = await call("GET", apiPaths.quickbooks.connect, { token: user.token });
  expectStatus(start, 200, "connect");
  const html = await (await fetch(start.json.data.url)).text();
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!request) throw new Error("the consent page has no request field");
  const answer = await fetch(`${quickbooksBaseUrl}/connect/oauth2`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ request, action: "allow", email: user.email, realmId }).toString(),
    redirect: "manual",
  });
  const location = answer.headers.get("location");
  if (!location) throw new Error(`consent answered ${answer.status} without a redirect`);
  const back = Object.fromEntries(new URL(location).searchParams);
  expectStatus(
    await call("POST", apiPaths.quickbooks.callback, { token: user.token, body: back }),
    200,
    "callback",
  );
}

/** Waits until the company's first sync has finished (the status call shows it). */
export async function waitForSync(call: Caller, user: KitUser, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await call("GET", `${apiPaths.quickbooks.status}?email=${encodeURIComponent(user.email)}`, {
      token: user.token,
    });
    expectStatus(res, 200, "status");
    const { connection } = res.json;
    if (connection.lastSyncAt && !connection.syncing && connection.progress?.finishedAt) return;
    if (connection.progress?.error) throw new Error(`sync failed: ${connection.progress.error}`);
    if (Date.now() > deadline) throw new Error(`sync not finished after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A new user whose company is connected to the sample QuickBooks company and synced. */
export async function syncedCompany(
  call: Caller,
  mailbox: Mailbox,
  quickbooksBaseUrl: string,
  opts: UserOptions & { realmId?: string } = {},
): Promise<KitUser & { companyId: string; realmId: string }> {
  const user = await createUser(call, mailbox, { ...opts, onboard: true });
  const realmId = opts.realmId ?? SAMPLE_REALM;
  await connectQuickBooks(call, user, quickbooksBaseUrl, realmId);
  await waitForSync(call, user);
  return { ...user, companyId: user.companyId!, realmId };
}
