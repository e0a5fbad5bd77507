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
import { routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import {
  listTemplates,
  previewTemplate,
  saveFollowUpInterval,
  saveTemplate,
  sendTestEmail,
} from "./templates.service.ts";

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const schemas = routeSchemas({ tag: "templates", errors });

/** The Email Templates page: templates, follow-up interval, preview and test email. */
export function templatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.templates.list,
      schemas.query(templatesQuerySchema, { 200: templatesResponseSchema }),
      async (request) => ({ data: await listTemplates(ctx, request.query.companyId) }),
    );

    app.post(
      apiPaths.templates.save,
      schemas.body(saveTemplateRequestSchema, { 200: saveTemplateResponseSchema }),
      async (request) => saveTemplate(ctx, request.body.companyId, request.body),
    );

    app.post(
      apiPaths.templates.followUpInterval,
      schemas.body(saveFollowUpIntervalRequestSchema, { 200: saveFollowUpIntervalResponseSchema }),
      async (request) => {
        const { companyId, followUpInterval } = request.body;
        return { data: await saveFollowUpInterval(ctx, companyId, followUpInterval) };
      },
    );

    app.post(
      apiPaths.templates.preview,
      schemas.body(previewTemplateRequestSchema, { 200: previewTemplateResponseSchema }),
      async (request) => {
        const { email, invoice, values } = await previewTemplate(ctx, request.body.companyId, request.body);
        return { data: { email, invoice, values } };
      },
    );

    app.post(
      apiPaths.templates.sendTest,
      schemas.body(previewTemplateRequestSchema, { 200: sendTestEmailResponseSchema, 503: errorBodySchema }),
      async (request) => {
        const email = currentUser(request).email;
        return { data: await sendTestEmail(ctx, request.body.companyId, email, request.body) };
      },
    );
  };
}
