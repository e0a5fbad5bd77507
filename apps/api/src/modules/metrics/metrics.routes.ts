import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { safeEqual, sha256 } from "../../lib/crypto.ts";
import { unauthorized } from "../../lib/errors.ts";

export const METRICS_PATH = "/metrics";

/**
 * The token's check, in constant time: both sides hashed first, so neither the length nor the
 * first differing character shows in the time taken.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return safeEqual(sha256(given), sha256(token));
}

/**
 * `GET /metrics` on the app's port, in Prometheus' text format, for a scraper holding
 * METRICS_TOKEN; not there at all (404) without it (decision 0024).
 */
export function metricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const token = ctx.config.metrics?.token;
    if (!token) return;
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="metrics"');
        throw unauthorized("A bearer token (METRICS_TOKEN) is needed for /metrics.");
      }
      const { contentType, body } = await ctx.metrics.exposition();
      return reply.type(contentType).header("cache-control", "no-store").send(body);
    });
  };
}
