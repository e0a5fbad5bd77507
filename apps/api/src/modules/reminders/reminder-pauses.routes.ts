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
import { errors, secured } from "./reminders-http.ts";

/** A person's pauses on an invoice or a customer. */
export function reminderPausesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      apiPaths.reminders.pause,
      {
        schema: {
          ...secured,
          body: pauseRemindersRequestSchema,
          response: { 200: pauseRemindersResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { data: await pauses.pauseReminders(ctx, request.body.companyId, user.id, request.body) };
      },
    );

    app.post(
      apiPaths.reminders.resume,
      {
        schema: {
          ...secured,
          body: resumeRemindersRequestSchema,
          response: { 200: resumeRemindersResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await pauses.resumeReminders(ctx, request.body.companyId, request.body) };
      },
    );

    app.get(
      apiPaths.reminders.pauses,
      {
        schema: {
          ...secured,
          querystring: reminderPausesQuerySchema,
          response: { 200: reminderPausesResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: { pauses: await pauses.listPauses(ctx, request.query.companyId, request.query) } };
      },
    );
  };
}
