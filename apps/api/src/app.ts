import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { authMessages, MAX_IMAGE_BYTES } from "@recoup/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { assemble, startMailboxReading } from "./assembly.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { authRoutes, databaseRateStore, oauthRoutes, tenantScope } from "./modules/auth/index.ts";
import { billingRoutes, stripeWebhookRoutes } from "./modules/billing/index.ts";
import {
  communicationsRoutes,
  holdsRoutes,
  inboundRoutes,
  relayRoutes,
} from "./modules/communications/index.ts";
import { customerPageLinkRoutes, customerPageRoutes } from "./modules/customer-page/index.ts";
import { customersRoutes } from "./modules/customers/index.ts";
import { dashboardRoutes } from "./modules/dashboard/index.ts";
import { draftsRoutes } from "./modules/drafts/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { invoicesRoutes } from "./modules/invoices/index.ts";
import { type MailboxReaders, mailboxRoutes, releaseAbandonedMailboxes } from "./modules/mailbox/index.ts";
import { metricsRoutes, observeProcess, startMetricsListener } from "./modules/metrics/index.ts";
import { notesRoutes } from "./modules/notes/index.ts";
import { onboardingRoutes } from "./modules/onboarding/index.ts";
import { profileRoutes } from "./modules/profile/index.ts";
import { quickbooksRoutes, releaseAbandonedLeases, webhookRoutes } from "./modules/quickbooks/index.ts";
import { remindersRoutes, schedulesRoutes, templatesRoutes } from "./modules/reminders/index.ts";
import { sendingRoutes } from "./modules/sending/index.ts";
import { statementsRoutes } from "./modules/statements/index.ts";
import { registerCompression } from "./plugins/compression.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerHttpMetrics } from "./plugins/http-metrics.ts";
import { registerLoadShedding } from "./plugins/load-shedding.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerWeb } from "./plugins/web.ts";

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The companies' mailbox readers, when this process works (RUN_WORKER). */
  mailboxes: MailboxReaders | undefined;
}

/** Builds the whole server (tests build it too). The caller listens, or injects. */
export async function buildApp(config: Config, opts: { database?: Database } = {}): Promise<BuiltApp> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      ...(config.logPretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = opts.database ?? (await openDatabase(config));
  const ctx = assemble(config, database);
  if (!config.smtpUrl) app.log.warn("SMTP_URL is not set: emails wait in the queue until it is");

  registerErrorHandler(app);
  if (config.metrics) {
    observeProcess(ctx);
    registerHttpMetrics(app, ctx.metrics);
  }
  registerLoadShedding(app, config.loadShedding);
  await registerSecurity(app);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 2 * MAX_IMAGE_BYTES },
  });
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so the API processes behind one address share each limit.
    store: databaseRateStore(ctx.db) as never,
    errorResponseBuilder: () => ({ statusCode: 429, message: authMessages.tooManyRequests }),
  });
  await registerOpenApi(app);

  // Public: health, sign-in, webhooks, inbound mail and the customer page (each verifies its
  // caller its own way; the customer page by the signed link in its path).
  for (const routes of [
    healthRoutes,
    metricsRoutes,
    authRoutes,
    oauthRoutes,
    webhookRoutes,
    inboundRoutes,
    relayRoutes,
    stripeWebhookRoutes,
    customerPageRoutes,
  ])
    await app.register(routes(ctx));
  // A signed-in user, before onboarding.
  await app.register(tenantScope(ctx, { company: false }, [onboardingRoutes(ctx)]));
  // The company's own data: the token's company, and any company or email the request names.
  const companyRoutes = [
    profileRoutes,
    quickbooksRoutes,
    invoicesRoutes,
    customersRoutes,
    customerPageLinkRoutes,
    statementsRoutes,
    notesRoutes,
    dashboardRoutes,
    templatesRoutes,
    remindersRoutes,
    schedulesRoutes,
    communicationsRoutes,
    holdsRoutes,
    draftsRoutes,
    billingRoutes,
    mailboxRoutes,
    sendingRoutes,
  ];
  await app.register(
    tenantScope(
      ctx,
      { company: true },
      companyRoutes.map((routes) => routes(ctx)),
    ),
  );
  await registerWeb(app, config.webDistDir ?? defaultWebDist);
  const metricsPort = config.metrics?.port;
  const metricsListener =
    metricsPort === undefined ? undefined : await startMetricsListener(ctx, metricsPort, config.host);

  // This process opened the embedded database itself, so nothing else runs on it: what a dead
  // process left active (jobs, a sync's lease) is taken up now (decision 0001).
  const abandoned = database.kind === "pglite" && !opts.database;
  if (abandoned) {
    await releaseAbandonedLeases(ctx);
    await releaseAbandonedMailboxes(ctx);
  }
  await ctx.queue.start({ abandoned });
  if (config.runWorker) await ctx.queue.work();
  const mailboxes = config.runWorker
    ? startMailboxReading(ctx, { log: app.log.child({ module: "mailbox" }) })
    : undefined;
  app.addHook("onClose", async () => {
    await metricsListener?.close();
    await mailboxes?.stop();
    await ctx.queue.stop();
    ctx.mailer?.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx, mailboxes };
}
