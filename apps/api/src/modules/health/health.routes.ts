import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { errorAnswers } from "../../lib/route-schemas.ts";

const status = z.object({ status: z.literal("ok"), database: z.string().optional() });

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.health.live,
      { schema: { tags: ["health"], response: { 200: status } } },
      async () => ({
        status: "ok" as const,
      }),
    );
    app.get(
      contract.apiPaths.health.ready,
      { schema: { tags: ["health"], response: { 200: status, ...errorAnswers(503) } } },
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
