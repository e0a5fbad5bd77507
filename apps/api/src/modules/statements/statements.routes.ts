import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId, currentUser } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { downloadStatement } from "./statement.service.ts";
import { saveStatementSettings, sendStatement, statementSettings } from "./statements.service.ts";

const schemas = routeSchemas({ tag: "customers", errors: collectionErrors });

/** Statements of account: a customer's on Customer Details, and the company's monthly setting. */
export function statementsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.customers.statement,
      schemas.query(
        contract.statementRequestSchema,
        { 200: z.string().describe("PDF") },
        {
          description:
            "The customer's statement of account on the company's today: open invoices and credits with a running balance, aging buckets and totals per currency.",
          produces: ["application/pdf"],
        },
      ),
      async (request, reply) => {
        const { filename, pdf } = await downloadStatement(
          ctx,
          currentCompanyId(request),
          request.query.customerRef,
        );
        return reply
          .header("content-type", "application/pdf")
          .header("content-disposition", `attachment; filename="${filename}"`)
          .header("cache-control", "no-store")
          .send(pdf as unknown as string);
      },
    );

    app.post(
      contract.apiPaths.customers.sendStatement,
      schemas.body(contract.statementRequestSchema, {
        200: contract.sendStatementResponseSchema,
        ...errorAnswers(402, 409),
      }),
      async (request) => ({
        data: await sendStatement(
          ctx,
          currentCompanyId(request),
          currentUser(request).id,
          request.body.customerRef,
        ),
      }),
    );

    app.get(
      contract.apiPaths.statements.settings,
      schemas.query(contract.statementSettingsQuerySchema, { 200: contract.statementSettingsResponseSchema }),
      async (request) => ({ data: await statementSettings(ctx, currentCompanyId(request)) }),
    );

    app.post(
      contract.apiPaths.statements.settings,
      schemas.body(contract.saveStatementSettingsRequestSchema, {
        200: contract.statementSettingsResponseSchema,
      }),
      async (request) => ({
        data: await saveStatementSettings(ctx, currentCompanyId(request), request.body.monthly),
      }),
    );
  };
}
