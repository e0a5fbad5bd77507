/** The API built in the test on a fresh database, with its own mail sandbox. */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type MailSandbox, startMailSandbox } from "@recoup/sandbox-mail";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, inject } from "vitest";
import type { AppContext } from "../../src/context.ts";
import type { MailboxReaders } from "../../src/modules/mailbox/index.ts";
import { type Caller, injectCaller } from "./call.ts";
import { Mailbox } from "./mailbox.ts";

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string | undefined;
    /** A migrated PGlite cluster that each PGlite test app starts from a copy of (test/global-setup.ts). */
    pgliteTemplate: string | undefined;
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's own readers of the companies' mailboxes. */
  mailboxes: MailboxReaders | undefined;
  backend: "pglite" | "postgres";
  /** Calls this app through `inject()`. */
  call: Caller;
  /** The app's mail sandbox inbox. */
  mailbox: Mailbox;
  /** The mail sandbox itself: it plays the customer (reply, out of office, bounce) once `listen` ran. */
  mail: MailSandbox;
  /** Serves the app over HTTP on a free port and points the mail sandbox's replies at it. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

type Env = Record<string, string>;

let counter = 0;
/** Inbound email as the tests configure it: replies to reply+<token>@inbound.test, signed with the secret. */
export const INBOUND = { domain: "inbound.test", secret: "test-inbound-secret-0123456789" };

/** The whole API on a fresh database (PGlite, or a new PostgreSQL database) and its own mail sandbox. */
export async function createTestApp(env: Env = {}): Promise<TestApp> {
  // Loaded here, not above: benchmarks and the browser tests load this kit without the app.
  const [{ buildApp }, { loadConfig }, { createDatabase }] = await Promise.all([
    import("../../src/app.ts"),
    import("../../src/config.ts"),
    import("../pg-server.ts"),
  ]);
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
  const { app, ctx, mailboxes } = await buildApp(config);
  await app.ready();
  return {
    app,
    ctx,
    mailboxes,
    backend: databaseUrl ? "postgres" : "pglite",
    call: injectCaller(app),
    mailbox: new Mailbox(mail.inboxUrl),
    mail,
    async listen() {
      const address = await app.listen({ port: 0, host: "127.0.0.1" });
      mail.setInbound({ url: `${address}/v1/inbound/email`, secret: INBOUND.secret });
      return address;
    },
    async close() {
      await app.close();
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The file's app: made before its tests (with `env`, or what `env()` answers then) and closed after
 * them. Its fields are there once the tests run.
 */
export function appForFile(env: Env | (() => Env | Promise<Env>) = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(typeof env === "function" ? await env() : env));
  });
  afterAll(() => t.close?.());
  return t;
}
