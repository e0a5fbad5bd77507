import { Readable } from "node:stream";
import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { routeSchemas } from "../../lib/route-schemas.ts";
import { collectionErrors } from "../receivables/index.ts";
import { agingCsv } from "./aging-csv.ts";
import { ageReport, ageReportBatches, listInvoices } from "./invoices.service.ts";

const schemas = routeSchemas({ tag: "invoices", errors: collectionErrors });

export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.invoices.list,
      schemas.query(contract.invoiceListQuerySchema, { 200: contract.invoiceListResponseSchema }),
      async (request) => ({ data: await listInvoices(ctx, request.query.companyId, request.query) }),
    );

    app.get(
      contract.apiPaths.invoices.ageReport,
      schemas.query(contract.ageReportQuerySchema, { 200: contract.ageReportResponseSchema }),
      async (request) => ({ data: await ageReport(ctx, request.query.companyId, request.query) }),
    );

    app.get(
      contract.apiPaths.invoices.ageReportCsv,
      schemas.query(
        contract.ageReportQuerySchema,
        { 200: z.string().describe("CSV") },
        {
          description:
            "The aging report as CSV (all matching customers, then a Total line per currency, then with disputed=apart a Disputed line per currency), streamed.",
          produces: ["text/csv"],
        },
      ),
      async (request, reply) => {
        const { asOf, batches, disputed } = await ageReportBatches(
          ctx,
          request.query.companyId,
          request.query,
        );
        return (
          reply
            .type("text/csv; charset=utf-8")
            .header("content-disposition", `attachment; filename="aging-report-${asOf}.csv"`)
            // A stream is sent as-is (chunked), never through the response serializer.
            .send(Readable.from(agingCsv(batches, disputed)) as unknown as string)
        );
      },
    );
  };
}
