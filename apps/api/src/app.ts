import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import { authMessages, MAX_IMAGE_BYTES } from "@recoup/contracts";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { type AppContext, createContext } from "./context.ts";
import { type Database, openDatabase } from "./db/client.ts";
import { registerJobs } from "./jobs/index.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { oauthRoutes } from "./modules/auth/oauth.routes.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { stripeWebhookRoutes } from "./modules/billing/webhook.routes.ts";
import { communicationsRoutes, inboundRoutes } from "./modules/communications/communications.routes.ts";
import { customersRoutes } from "./modules/customers/customers.routes.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { draftsRoutes } from "./modules/drafts/drafts.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { invoicesRoutes } from "./modules/invoices/invoices.routes.ts";
import { notesRoutes } from "./modules/notes/notes.routes.ts";
import { onboardingRoutes } from "./modules/onboarding/onboarding.routes.ts";
import { profileRoutes } from "./modules/profile/profile.routes.ts";
import { quickbooksRoutes } from "./modules/quickbooks/quickbooks.routes.ts";
import { webhookRoutes } from "./modules/quickbooks/webhook.routes.ts";
import { remindersRoutes } from "./modules/reminders/reminders.routes.ts";
import { templatesRoutes } from "./modules/templates/templates.routes.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import { registerLoadShedding } from "./plugins/load-shedding.ts";
import { registerOpenApi } from "./plugins/openapi.ts";
import { registerSecurity } from "./plugins/security.ts";
import { registerWeb } from "./plugins/web.ts";

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
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
  const ctx = createContext(config, database);
  registerJobs(ctx);
  if (!config.smtpUrl) app.log.warn("SMTP_URL is not set: emails wait in the queue until it is");

  registerErrorHandler(app);
  registerLoadShedding(app, config.loadShedding);
  await registerSecurity(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 10, fieldSize: 2 * MAX_IMAGE_BYTES },
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => ({ statusCode: 429, message: authMessages.tooManyRequests }),
  });
  await registerOpenApi(app);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(oauthRoutes(ctx));
  await app.register(onboardingRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(quickbooksRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(invoicesRoutes(ctx));
  await app.register(customersRoutes(ctx));
  await app.register(notesRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(templatesRoutes(ctx));
  await app.register(remindersRoutes(ctx));
  await app.register(communicationsRoutes(ctx));
  await app.register(inboundRoutes(ctx));
  await app.register(draftsRoutes(ctx));
  await app.register(billingRoutes(ctx));
  await app.register(stripeWebhookRoutes(ctx));
  await registerWeb(app, config.webDistDir ?? defaultWebDist);

  await ctx.queue.start();
  if (config.runWorker) await ctx.queue.work();
  app.addHook("onClose", async () => {
    await ctx.queue.stop();
    ctx.mailer?.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx };
}
