import {
  apiPaths,
  errorBodySchema,
  previewTemplateRequestSchema,
  previewTemplateResponseSchema,
  saveFollowUpIntervalRequestSchema,
  saveFollowUpIntervalResponseSchema,
  saveTemplateRequestSchema,
  saveTemplateResponseSchema,
  sendTestEmailResponseSchema,
  templatesQuerySchema,
  templatesResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentUser } from "../auth/index.ts";
import {
  listTemplates,
  previewTemplate,
  saveFollowUpInterval,
  saveTemplate,
  sendTestEmail,
} from "./templates.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const secured = { security: [{ bearer: [] }], tags: ["templates"] };

/** The Email Templates page: templates, follow-up interval, preview and test email. */
export function templatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.templates.list,
      {
        schema: {
          ...secured,
          querystring: templatesQuerySchema,
          response: { 200: templatesResponseSchema, ...errors },
        },
      },
      async (request) => {
        return { data: await listTemplates(ctx, request.query.companyId) };
      },
    );

    app.post(
      apiPaths.templates.save,
      {
        schema: {
          ...secured,
          body: saveTemplateRequestSchema,
          response: { 200: saveTemplateResponseSchema, ...errors },
        },
      },
      async (request) => {
        return saveTemplate(ctx, request.body.companyId, request.body);
      },
    );

    app.post(
      apiPaths.templates.followUpInterval,
      {
        schema: {
          ...secured,
          body: saveFollowUpIntervalRequestSchema,
          response: { 200: saveFollowUpIntervalResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { companyId, followUpInterval } = request.body;
        return { data: await saveFollowUpInterval(ctx, companyId, followUpInterval) };
      },
    );

    app.post(
      apiPaths.templates.preview,
      {
        schema: {
          ...secured,
          body: previewTemplateRequestSchema,
          response: { 200: previewTemplateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { email, invoice, values } = await previewTemplate(ctx, request.body.companyId, request.body);
        return { data: { email, invoice, values } };
      },
    );

    app.post(
      apiPaths.templates.sendTest,
      {
        schema: {
          ...secured,
          body: previewTemplateRequestSchema,
          response: { 200: sendTestEmailResponseSchema, ...errors, 503: errorBodySchema },
        },
      },
      async (request) => {
        const email = currentUser(request).email;
        return { data: await sendTestEmail(ctx, request.body.companyId, email, request.body) };
      },
    );
  };
}
