import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startMailSandbox } from "@recoup/sandbox-mail";
import type { FastifyInstance, InjectOptions } from "fastify";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import { createDatabase } from "./pg-server.ts";

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

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  backend: "pglite" | "postgres";
  /** Waits for an email to `to` whose subject matches, as the mail sandbox received it. */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<MailMessage>;
  mailTo(to: string): Promise<MailMessage[]>;
  close(): Promise<void>;
}

let counter = 0;

/** The whole API on a fresh database (PGlite, or a new PostgreSQL database) and its own mail sandbox. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgServerUrl = inject("pgServerUrl");
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-test-"));
  const mail = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
  const databaseUrl = pgServerUrl
    ? await createDatabase(pgServerUrl, `t_${process.pid}_${Date.now()}_${counter++}`)
    : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:3000",
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    RATE_LIMIT_PER_MINUTE: "1000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const mailTo = async (to: string): Promise<MailMessage[]> => {
    const res = await fetch(`${mail.inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
    return (await res.json()) as MailMessage[];
  };
  return {
    app,
    ctx,
    backend: databaseUrl ? "postgres" : "pglite",
    mailTo,
    async waitForMail(to, subject, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = (await mailTo(to)).find((m) => subject.test(m.subject));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${to} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async close() {
      await app.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Shorthands for JSON calls through inject(). */
export function client(app: FastifyInstance) {
  const call = (method: InjectOptions["method"], url: string, body?: unknown, token?: string) =>
    app.inject({
      method,
      url,
      ...(body !== undefined ? { payload: body as InjectOptions["payload"] } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  return {
    get: (url: string, token?: string) => call("GET", url, undefined, token),
    post: (url: string, body?: unknown, token?: string) => call("POST", url, body, token),
  };
}

export const STRONG_PASSWORD = "Tr1cky&LimeOwl7";
export const uniqueEmail = (label = "user") =>
  `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Signs a user up, verifies them from the emailed code, logs in; optionally onboards. */
export async function signedInUser(t: TestApp, opts: { onboard?: boolean; email?: string } = {}) {
  const api = client(t.app);
  const email = opts.email ?? uniqueEmail();
  const signup = await api.post("/v1/auth/signup", {
    firstName: "Test",
    lastName: "User",
    email,
    password: STRONG_PASSWORD,
  });
  if (signup.statusCode !== 201) throw new Error(`signup failed: ${signup.body}`);
  const mail = await t.waitForMail(email, /verification code/);
  const code = /(\d{6})/.exec(mail.subject)![1]!;
  const verify = await api.post("/v1/auth/verify-email", { email, code });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.body}`);
  const login = await api.post("/v1/auth/login", { email, password: STRONG_PASSWORD });
  const tokens = login.json().data as { IdToken: string; AccessToken: string; RefreshToken: string };
  let companyId: string | null = null;
  if (opts.onboard) {
    const res = await api.post(
      "/v1/business/onboard/onboard-user",
      {
        company_name: "Acme Ltd",
        company_type: "LLC",
        company_size: "2-10",
        avg_invoices: 25,
        email,
        timezone: "UTC",
      },
      tokens.IdToken,
    );
    if (res.statusCode !== 201) throw new Error(`onboard failed: ${res.body}`);
    companyId = res.json().data.companyId;
  }
  return { email, tokens, companyId, token: tokens.IdToken };
}
