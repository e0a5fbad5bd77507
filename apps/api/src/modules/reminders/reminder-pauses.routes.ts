import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import * as pauses from "./pauses.service.ts";
import { schemas } from "./reminders-http.ts";

/** A person's pauses on an invoice or a customer. */
export function reminderPausesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      contract.apiPaths.reminders.pause,
      schemas.body(contract.pauseRemindersRequestSchema, { 200: contract.pauseRemindersResponseSchema }),
      async (request) => {
        const { companyId } = request.body;
        return { data: await pauses.pauseReminders(ctx, companyId, currentUser(request).id, request.body) };
      },
    );

    app.post(
      contract.apiPaths.reminders.resume,
      schemas.body(contract.resumeRemindersRequestSchema, { 200: contract.resumeRemindersResponseSchema }),
      async (request) => ({ data: await pauses.resumeReminders(ctx, request.body.companyId, request.body) }),
    );

    app.get(
      contract.apiPaths.reminders.pauses,
      schemas.query(contract.reminderPausesQuerySchema, { 200: contract.reminderPausesResponseSchema }),
      async (request) => {
        return { data: { pauses: await pauses.listPauses(ctx, request.query.companyId, request.query) } };
      },
    );
  };
}
