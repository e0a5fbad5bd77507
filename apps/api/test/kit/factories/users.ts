/** Users and companies, made through the API as a person would make them. */
import { apiPaths } from "@recoup/contracts";
import type { Caller, CallResult } from "../call.ts";
import { codeFrom, type Mailbox, VERIFY_SUBJECT } from "../mailbox.ts";

/**
 * Where the factories make things: the API (in-process or over HTTP) and the mail sandbox's inbox;
 * a test app and the browser tests' stack both are one.
 */
export interface Stack {
  call: Caller;
  mailbox: Mailbox;
}

export const STRONG_PASSWORD = "Tr1cky&LimeOwl7";
export const uniqueEmail = (label = "user") =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

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
/** A user whose onboarding made a company. */
export type CompanyUser = KitUser & { companyId: string };

export interface CompanyOptions {
  companyName?: string;
  companyType?: string;
  companySize?: string;
  timezone?: string;
}

export interface UserOptions extends CompanyOptions {
  email?: string;
  label?: string;
  firstName?: string;
  lastName?: string;
  password?: string;
  /** Verify the email with the emailed code, and log in (default true). */
  verify?: boolean;
  /** Complete onboarding (default false; needs verify). */
  onboard?: boolean;
}

export const expectStatus = (res: CallResult, status: number, what: string) => {
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${res.text}`);
};

export interface SignupFields {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

/** The signup request (names "Test User" and the strong password unless given); answers as the API did. */
export const signUp = (
  call: Caller,
  { email, password = STRONG_PASSWORD, firstName = "Test", lastName = "User" }: SignupFields,
) => call("POST", apiPaths.auth.signup, { body: { firstName, lastName, email, password } });

/** The verify-email request: the emailed code with the password chosen at signup, or a new one. */
export const verifyEmail = (
  call: Caller,
  body: { email: string; code: string; password?: string; newPassword?: string },
) => call("POST", apiPaths.auth.verifyEmail, { body });

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
  opts: CompanyOptions = {},
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
 * A user: signed up through the API, then by default verified with the emailed code (keeping the
 * password chosen at signup) and logged in; onboarded when asked. Without `verify` the account
 * stays pending and has no tokens.
 */
export async function createUser({ call, mailbox }: Stack, opts: UserOptions = {}): Promise<KitUser> {
  const firstName = opts.firstName ?? "Test";
  const lastName = opts.lastName ?? "User";
  const email = opts.email ?? uniqueEmail(opts.label);
  const password = opts.password ?? STRONG_PASSWORD;
  expectStatus(await signUp(call, { email, password, firstName, lastName }), 201, "signup");
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
  expectStatus(await verifyEmail(call, { email, code, password }), 200, "verify");
  user.tokens = await logIn(call, email, password);
  user.token = user.tokens.IdToken;
  if (opts.onboard) user.companyId = await onboard(call, user, opts);
  return user;
}

/** A company: a verified user who has finished onboarding (its trial started). */
export async function createCompany(stack: Stack, opts: Omit<UserOptions, "verify" | "onboard"> = {}) {
  return (await createUser(stack, { ...opts, onboard: true })) as CompanyUser;
}
