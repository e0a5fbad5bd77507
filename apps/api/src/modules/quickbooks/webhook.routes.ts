import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context.ts";
import { parseWebhookPayload, validWebhookSignature } from "../../integrations/quickbooks/webhooks.ts";
import { AppError } from "../../lib/errors.ts";
import { handleNotifications } from "./webhook.service.ts";

/** Intuit's webhooks: the signature is checked on the raw body before anything else. */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      ["application/json", "application/cloudevents+json"],
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(contract.apiPaths.quickbooks.webhook, { schema: { hide: true } }, async (request, reply) => {
      const token = ctx.config.quickbooks.webhookToken;
      if (!token)
        throw new AppError(404, contract.errorCodes.notFound, "QuickBooks webhooks are not configured.");
      const raw = typeof request.body === "string" ? request.body : "";
      if (!validWebhookSignature(raw, String(request.headers["intuit-signature"] ?? ""), token)) {
        throw new AppError(401, contract.errorCodes.unauthorized, "The webhook signature is not valid.");
      }
      let notifications: ReturnType<typeof parseWebhookPayload>;
      try {
        notifications = parseWebhookPayload(JSON.parse(raw));
      } catch {
        notifications = undefined;
      }
      if (!notifications)
        throw new AppError(400, contract.errorCodes.badRequest, "The request body is not valid JSON.");
      await handleNotifications(ctx, notifications);
      return reply.status(200).send({ data: { message: "ok" } });
    });
  };
}
