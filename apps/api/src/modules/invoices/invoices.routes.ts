import { Readable } from "node:stream";
import {
  ageReportQuerySchema,
  ageReportResponseSchema,
  apiPaths,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { collectionErrors } from "../receivables/index.ts";
import { agingCsv } from "./aging-csv.ts";
import { ageReport, ageReportBatches, listInvoices } from "./invoices.service.ts";

const secured = { security: [{ bearer: [] }], tags: ["invoices"] };

export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.invoices.list,
      {
        schema: {
          ...secured,
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await listInvoices(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.invoices.ageReport,
      {
        schema: {
          ...secured,
          querystring: ageReportQuerySchema,
          response: { 200: ageReportResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await ageReport(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.invoices.ageReportCsv,
      {
        schema: {
          ...secured,
          description:
            "The aging report as CSV (all matching customers, then a Total line per currency), streamed.",
          querystring: ageReportQuerySchema,
          produces: ["text/csv"],
          response: { 200: z.string().describe("CSV"), ...collectionErrors },
        },
      },
      async (request, reply) => {
        const { asOf, batches } = await ageReportBatches(ctx, request.query.companyId, request.query);
        return (
          reply
            .type("text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="aging-report-${asOf}.csv"`)
            // A stream is sent as-is (chunked), never through the response serializer.
            .send(Readable.from(agingCsv(batches)) as unknown as string)
        );
      },
    );
  };
}
