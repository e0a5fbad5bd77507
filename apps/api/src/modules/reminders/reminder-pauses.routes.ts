import {
  apiPaths,
  pauseRemindersRequestSchema,
  pauseRemindersResponseSchema,
  reminderPausesQuerySchema,
  reminderPausesResponseSchema,
  resumeRemindersRequestSchema,
  resumeRemindersResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import * as pauses from "./pauses.service.ts";
import { schemas } from "./reminders-http.ts";

/** A person's pauses on an invoice or a customer. */
export function reminderPausesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.reminders.pause,
      schemas.body(pauseRemindersRequestSchema, { 200: pauseRemindersResponseSchema }),
      async (request) => {
        const user = currentUser(request);
        return { data: await pauses.pauseReminders(ctx, request.body.companyId, user.id, request.body) };
      },
    );

    app.post(
      apiPaths.reminders.resume,
      schemas.body(resumeRemindersRequestSchema, { 200: resumeRemindersResponseSchema }),
      async (request) => ({ data: await pauses.resumeReminders(ctx, request.body.companyId, request.body) }),
    );

    app.get(
      apiPaths.reminders.pauses,
      schemas.query(reminderPausesQuerySchema, { 200: reminderPausesResponseSchema }),
      async (request) => {
        return { data: { pauses: await pauses.listPauses(ctx, request.query.companyId, request.query) } };
      },
    );
  };
}
