import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import * as log from "./log.service.ts";
import * as manual from "./manual.service.ts";
import { schemas } from "./reminders-http.ts";

/** Manual sends (a draft, then 'Send'), the log and the month's usage. */
export function reminderSendsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.reminders.draft,
      schemas.query(contract.reminderDraftQuerySchema, { 200: contract.reminderDraftResponseSchema }),
      async (request) => {
        const { companyId, invoiceId, stage } = request.query;
        return { data: await manual.reminderDraft(ctx, companyId, invoiceId, stage) };
      },
    );

    app.post(
      contract.apiPaths.reminders.send,
      // 402: the trial ended, the subscription is not active, or the month's invoices are used.
      schemas.body(contract.sendReminderRequestSchema, {
        200: contract.sendReminderResponseSchema,
        ...errorAnswers(402),
      }),
      async (request) => {
        const user = currentUser(request);
        return { data: await manual.sendManualReminder(ctx, request.body.companyId, user.id, request.body) };
      },
    );

    app.get(
      contract.apiPaths.reminders.log,
      schemas.query(contract.reminderLogQuerySchema, { 200: contract.reminderLogResponseSchema }),
      async (request) => ({ data: await log.reminderLog(ctx, request.query.companyId, request.query) }),
    );

    app.get(
      contract.apiPaths.reminders.usage,
      schemas.query(contract.reminderUsageQuerySchema, { 200: contract.reminderUsageResponseSchema }),
      async (request) => {
        return { data: await log.monthlyUsage(ctx, request.query.companyId, request.query.month) };
      },
    );
  };
}
