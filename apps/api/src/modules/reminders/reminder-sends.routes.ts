import {
  apiPaths,
  errorBodySchema,
  reminderDraftQuerySchema,
  reminderDraftResponseSchema,
  reminderLogQuerySchema,
  reminderLogResponseSchema,
  reminderUsageQuerySchema,
  reminderUsageResponseSchema,
  sendReminderRequestSchema,
  sendReminderResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import * as log from "./log.service.ts";
import * as manual from "./manual.service.ts";
import { schemas } from "./reminders-http.ts";

/** Manual sends (a draft, then 'Send'), the log and the month's usage. */
export function reminderSendsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.reminders.draft,
      schemas.query(reminderDraftQuerySchema, { 200: reminderDraftResponseSchema }),
      async (request) => {
        const { companyId, invoiceId, stage } = request.query;
        return { data: await manual.reminderDraft(ctx, companyId, invoiceId, stage) };
      },
    );

    app.post(
      apiPaths.reminders.send,
      // 402: the trial ended, the subscription is not active, or the month's invoices are used.
      schemas.body(sendReminderRequestSchema, { 200: sendReminderResponseSchema, 402: errorBodySchema }),
      async (request) => {
        const user = currentUser(request);
        return { data: await manual.sendManualReminder(ctx, request.body.companyId, user.id, request.body) };
      },
    );

    app.get(
      apiPaths.reminders.log,
      schemas.query(reminderLogQuerySchema, { 200: reminderLogResponseSchema }),
      async (request) => ({ data: await log.reminderLog(ctx, request.query.companyId, request.query) }),
    );

    app.get(
      apiPaths.reminders.usage,
      schemas.query(reminderUsageQuerySchema, { 200: reminderUsageResponseSchema }),
      async (request) => {
        return { data: await log.monthlyUsage(ctx, request.query.companyId, request.query.month) };
      },
    );
  };
}
