import * as contract from "@recoup/contracts";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { reminderPausesRoutes } from "./reminder-pauses.routes.ts";
import { reminderSendsRoutes } from "./reminder-sends.routes.ts";
import { schemas } from "./reminders-http.ts";
import { getReminderSettings, saveReminderSettings } from "./settings.service.ts";
import { enablePreview, upcomingReminders } from "./upcoming.service.ts";

/** Automatic reminders' settings, and what they will send. */
function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.reminders.settings,
      schemas.query(contract.reminderSettingsQuerySchema, { 200: contract.reminderSettingsResponseSchema }),
      async (request) => ({ data: await getReminderSettings(ctx, request.query.companyId) }),
    );

    app.post(
      contract.apiPaths.reminders.settings,
      schemas.body(contract.saveReminderSettingsRequestSchema, {
        200: contract.reminderSettingsResponseSchema,
      }),
      async (request) => ({ data: await saveReminderSettings(ctx, request.body.companyId, request.body) }),
    );

    app.get(
      contract.apiPaths.reminders.enablePreview,
      schemas.query(contract.enablePreviewQuerySchema, { 200: contract.enablePreviewResponseSchema }),
      async (request) => {
        const { companyId, ...override } = request.query;
        return { data: await enablePreview(ctx, companyId, override) };
      },
    );

    app.get(
      contract.apiPaths.reminders.upcoming,
      schemas.query(contract.upcomingRemindersQuerySchema, { 200: contract.upcomingRemindersResponseSchema }),
      async (request) => ({ data: await upcomingReminders(ctx, request.query.companyId, request.query) }),
    );
  };
}

/** Automatic reminders' settings, what they will send, manual sends, pauses, the log and usage. */
export function remindersRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const routes of [settingsRoutes, reminderSendsRoutes, reminderPausesRoutes])
      await app.register(routes(ctx));
  };
}
