import { apiPaths, errorBodySchema } from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";

const status = z.object({ status: z.literal("ok"), database: z.string().optional() });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(apiPaths.health.live, { schema: { tags: ["health"], response: { 200: status } } }, async () => ({
      status: "ok" as const,
    }));
    app.get(
      apiPaths.health.ready,
      { schema: { tags: ["health"], response: { 200: status, 503: errorBodySchema } } },
      async () => {
        try {
          await ctx.database.ping();
        } catch {
          throw new AppError(503, "SERVICE_UNAVAILABLE", "The database is not reachable.");
        }
        return { status: "ok" as const, database: ctx.database.kind };
      },
    );
  };
}
