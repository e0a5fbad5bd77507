import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MailSandbox, startMailSandbox } from "@recoup/sandbox-mail";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/context.ts";
import type { MailMessage } from "./kit.ts";
import { createUser, injectCaller, Mailbox } from "./kit.ts";
import { createDatabase } from "./pg-server.ts";

export type { MailMessage };

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  backend: "pglite" | "postgres";
  /** The app's mail sandbox inbox. */
  mailbox: Mailbox;
  /** The mail sandbox itself: it plays the customer (reply, out of office, bounce) once `listen` ran. */
  mail: MailSandbox;
  /** Serves the app over HTTP on a free port and points the mail sandbox's replies at it. */
  listen(): Promise<string>;
  /** Waits for an email to `to` whose subject matches, as the mail sandbox received it. */
  waitForMail(to: string, subject: RegExp, timeoutMs?: number): Promise<MailMessage>;
  mailTo(to: string): Promise<MailMessage[]>;
  close(): Promise<void>;
}

let counter = 0;
/** Inbound email as the tests configure it: replies to reply+<token>@inbound.test, signed with the secret. */
export const INBOUND = { domain: "inbound.test", secret: "test-inbound-secret-0123456789" };

/** The whole API on a fresh database (PGlite, or a new PostgreSQL database) and its own mail sandbox. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const pgServerUrl = inject("pgServerUrl");
  const dataDir = mkdtempSync(path.join(tmpdir(), "recoup-test-"));
  const mail = await startMailSandbox({ smtpPort: 0, httpPort: 0 });
  const databaseUrl = pgServerUrl
    ? await createDatabase(pgServerUrl, `t_${process.pid}_${Date.now()}_${counter++}`)
    : undefined;
  // On PGlite: a copy of the run's migrated cluster (global-setup.ts), not a new one each time.
  const template = inject("pgliteTemplate");
  if (!databaseUrl && template) cpSync(template, path.join(dataDir, "pglite"), { recursive: true });
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    DATA_DIR: dataDir,
    APP_URL: "http://localhost:3000",
    SMTP_URL: mail.smtpUrl,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    RATE_LIMIT_PER_MINUTE: "1000",
    // The gate stays in the path, but a CI machine running both suites at once must not shed the
    // tests' own bursts (test/load-shedding.test.ts sets its own bound).
    LOAD_SHED_MAX_WAIT_MS: "60000",
    INBOUND_DOMAIN: INBOUND.domain,
    INBOUND_SECRET: INBOUND.secret,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const { app, ctx } = await buildApp(config);
  await app.ready();
  const mailbox = new Mailbox(mail.inboxUrl);
  const mailTo = (to: string) => mailbox.to(to);
  return {
    app,
    ctx,
    backend: databaseUrl ? "postgres" : "pglite",
    mailbox,
    mail,
    async listen() {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      mail.setInbound({ url: `${address}/v1/inbound/email`, secret: INBOUND.secret });
      return address;
    },
    mailTo,
    waitForMail: (to, subject, timeoutMs = 15_000) => mailbox.waitFor(to, subject, { timeoutMs }),
    async close() {
      await app.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The file's app, made before its tests and closed after them, and its JSON client (once they run). */
export function appForFile(env: Record<string, string> = {}) {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp(env);
  });
  afterAll(() => made?.close());
  return { t: () => made!, api: () => client(made!.app) };
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

export { STRONG_PASSWORD, uniqueEmail } from "./kit.ts";

/** Signs a user up, verifies them from the emailed code, logs in; optionally onboards (the kit's createUser). */
export async function signedInUser(t: TestApp, opts: { onboard?: boolean; email?: string } = {}) {
  const user = await createUser(injectCaller(t.app), t.mailbox, {
    onboard: opts.onboard ?? false,
    ...(opts.email ? { email: opts.email } : {}),
  });
  return { email: user.email, tokens: user.tokens, companyId: user.companyId, token: user.token };
}
