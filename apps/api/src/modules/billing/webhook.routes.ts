import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context.ts";
import { WebhookSignatureError } from "../../integrations/stripe/provider-records.ts";
import { AppError } from "../../lib/errors.ts";
import { handleEvent } from "./webhook.service.ts";

/** Stripe's events: the signature (and its age, 300 s at most) is checked on the raw body first. */
export function stripeWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(contract.apiPaths.billing.webhook, { schema: { hide: true } }, async (request, reply) => {
      if (!ctx.billing)
        throw new AppError(404, contract.errorCodes.notFound, "Billing is not enabled on this server.");
      const raw = typeof request.body === "string" ? request.body : "";
      const header = request.headers["stripe-signature"];
      let event: ReturnType<typeof ctx.billing.verifyEvent>;
      try {
        event = ctx.billing.verifyEvent(raw, typeof header === "string" ? header : undefined);
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        throw new AppError(400, contract.errorCodes.badRequest, "The webhook signature is not valid.");
      }
      const { duplicate } = await handleEvent(ctx, event);
      return reply.status(200).send({ received: true, duplicate });
    });
  };
}
