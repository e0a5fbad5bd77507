import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import {
  listTemplates,
  previewTemplate,
  saveFollowUpInterval,
  saveTemplate,
  sendTestEmail,
} from "./templates.service.ts";

const errors = errorAnswers(400, 401, 403, 404);
const schemas = routeSchemas({ tag: "templates", errors });

/** The Email Templates page: templates, follow-up interval, preview and test email. */
export function templatesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.templates.list,
      schemas.query(contract.templatesQuerySchema, { 200: contract.templatesResponseSchema }),
      async (request) => ({ data: await listTemplates(ctx, request.query.companyId) }),
    );

    app.post(
      contract.apiPaths.templates.save,
      schemas.body(contract.saveTemplateRequestSchema, { 200: contract.saveTemplateResponseSchema }),
      async (request) => saveTemplate(ctx, request.body.companyId, request.body),
    );

    app.post(
      contract.apiPaths.templates.followUpInterval,
      schemas.body(contract.saveFollowUpIntervalRequestSchema, {
        200: contract.saveFollowUpIntervalResponseSchema,
      }),
      async (request) => {
        const { companyId, followUpInterval } = request.body;
        return { data: await saveFollowUpInterval(ctx, companyId, followUpInterval) };
      },
    );

    app.post(
      contract.apiPaths.templates.preview,
      schemas.body(contract.previewTemplateRequestSchema, { 200: contract.previewTemplateResponseSchema }),
      async (request) => {
        const { email, invoice, values } = await previewTemplate(ctx, request.body.companyId, request.body);
        return { data: { email, invoice, values } };
      },
    );

    app.post(
      contract.apiPaths.templates.sendTest,
      schemas.body(contract.previewTemplateRequestSchema, {
        200: contract.sendTestEmailResponseSchema,
        ...errorAnswers(503),
      }),
      async (request) => {
        const email = currentUser(request).email;
        return { data: await sendTestEmail(ctx, request.body.companyId, email, request.body) };
      },
    );
  };
}
