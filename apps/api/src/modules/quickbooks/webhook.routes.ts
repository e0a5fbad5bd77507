import { createHmac } from "node:crypto";
import { apiPaths, errorCodes } from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { AppContext } from "../../context.ts";
import { enqueueSync } from "../../jobs/qbo-sync.ts";
import { safeEqual, sha256 } from "../../lib/crypto.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./quickbooks.repository.ts";

interface Notification {
  realmId?: string;
  dataChangeEvent?: { entities?: { name: string; id: string; operation: string; lastUpdated: string }[] };
}

/**
 * Intuit's webhooks: the signature (HMAC-SHA256 of the raw body with the verifier token) is
 * checked before anything else; each notification is handled once and only queues a sync.
 */
export function webhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.addContentTypeParser(
      ["application/json", "application/cloudevents+json"],
      { parseAs: "string", bodyLimit: 1024 * 1024 },
      (_req, body, done) => done(null, body),
    );
    app.post(apiPaths.quickbooks.webhook, { schema: { hide: true } }, async (request, reply) => {
      const token = ctx.config.quickbooks.webhookToken;
      if (!token) throw new AppError(404, errorCodes.notFound, "QuickBooks webhooks are not configured.");
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = String(request.headers["intuit-signature"] ?? "");
      const expected = createHmac("sha256", token).update(raw).digest("base64");
      if (!signature || !safeEqual(signature, expected)) {
        throw new AppError(401, errorCodes.unauthorized, "The webhook signature is not valid.");
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        throw new AppError(400, errorCodes.badRequest, "The request body is not valid JSON.");
      }
      for (const n of notifications(payload)) {
        if (!n.realmId) continue;
        const realmId = n.realmId;
        // Seen-marker and jobs commit together: a failure leaves the event unseen for Intuit's retry.
        await ctx.db.transaction(async (tx) => {
          if (!(await repo.firstTimeEvent(tx, sha256(JSON.stringify(n))))) return;
          for (const conn of await repo.findConnectionsByRealm(tx, realmId)) {
            await enqueueSync(ctx, conn.companyId, "incremental", 0, tx);
          }
        });
      }
      return reply.status(200).send({ data: { message: "ok" } });
    });
  };
}

/** Both of Intuit's formats: legacy `eventNotifications`, and CloudEvents (one event or an array). */
function notifications(payload: unknown): Notification[] {
  if (payload && typeof payload === "object" && "eventNotifications" in payload) {
    return (payload as { eventNotifications: Notification[] }).eventNotifications ?? [];
  }
  const events = Array.isArray(payload) ? payload : [payload];
  return events
    .filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === "object")
    .map((e) => ({
      realmId: String(e.intuitaccountid ?? (e.data as Record<string, unknown> | undefined)?.realmId ?? ""),
      dataChangeEvent: {
        entities: [
          {
            name: String(e.type ?? ""),
            id: String(e.intuitentityid ?? e.id ?? ""),
            operation: "",
            lastUpdated: String(e.time ?? ""),
          },
        ],
      },
    }));
}
