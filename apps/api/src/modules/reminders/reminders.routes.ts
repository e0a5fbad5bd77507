import {
  apiPaths,
  enablePreviewQuerySchema,
  enablePreviewResponseSchema,
  errorBodySchema,
  pauseRemindersRequestSchema,
  pauseRemindersResponseSchema,
  reminderDraftQuerySchema,
  reminderDraftResponseSchema,
  reminderLogQuerySchema,
  reminderLogResponseSchema,
  reminderPausesQuerySchema,
  reminderPausesResponseSchema,
  reminderSettingsQuerySchema,
  reminderSettingsResponseSchema,
  reminderUsageQuerySchema,
  reminderUsageResponseSchema,
  resumeRemindersRequestSchema,
  resumeRemindersResponseSchema,
  saveReminderSettingsRequestSchema,
  sendReminderRequestSchema,
  sendReminderResponseSchema,
  upcomingRemindersQuerySchema,
  upcomingRemindersResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import * as manual from "./manual.service.ts";
import {
  enablePreview,
  getReminderSettings,
  saveReminderSettings,
  upcomingReminders,
} from "./settings.service.ts";

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const secured = { security: [{ bearer: [] }], tags: ["reminders"] };

/** Automatic reminders' settings, what they will send, manual sends, pauses, the log and usage. */
export function remindersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.reminders.settings,
      {
        schema: {
          ...secured,
          querystring: reminderSettingsQuerySchema,
          response: { 200: reminderSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await getReminderSettings(ctx, request.query.companyId) };
      },
    );

    app.post(
      apiPaths.reminders.settings,
      {
        schema: {
          ...secured,
          body: saveReminderSettingsRequestSchema,
          response: { 200: reminderSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await saveReminderSettings(ctx, request.body.companyId, request.body) };
      },
    );

    app.get(
      apiPaths.reminders.enablePreview,
      {
        schema: {
          ...secured,
          querystring: enablePreviewQuerySchema,
          response: { 200: enablePreviewResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { companyId, ...override } = request.query;
        return { data: await enablePreview(ctx, companyId, override) };
      },
    );

    app.get(
      apiPaths.reminders.upcoming,
      {
        schema: {
          ...secured,
          querystring: upcomingRemindersQuerySchema,
          response: { 200: upcomingRemindersResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await upcomingReminders(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.reminders.draft,
      {
        schema: {
          ...secured,
          querystring: reminderDraftQuerySchema,
          response: { 200: reminderDraftResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { companyId, invoiceId, stage } = request.query;
        return { data: await manual.reminderDraft(ctx, companyId, invoiceId, stage) };
      },
    );

    app.post(
      apiPaths.reminders.send,
      {
        schema: {
          ...secured,
          body: sendReminderRequestSchema,
          // 402: the trial ended, the subscription is not active, or the month's invoices are used.
          response: { 200: sendReminderResponseSchema, 402: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return { data: await manual.sendManualReminder(ctx, request.body.companyId, user.id, request.body) };
      },
    );

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
        return { data: await manual.pauseReminders(ctx, request.body.companyId, user.id, request.body) };
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
        return { data: await manual.resumeReminders(ctx, request.body.companyId, request.body) };
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
        return { data: { pauses: await manual.listPauses(ctx, request.query.companyId, request.query) } };
      },
    );

    app.get(
      apiPaths.reminders.log,
      {
        schema: {
          ...secured,
          querystring: reminderLogQuerySchema,
          response: { 200: reminderLogResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await manual.reminderLog(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.reminders.usage,
      {
        schema: {
          ...secured,
          querystring: reminderUsageQuerySchema,
          response: { 200: reminderUsageResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await manual.monthlyUsage(ctx, request.query.companyId, request.query.month) };
      },
    );
  };
}
