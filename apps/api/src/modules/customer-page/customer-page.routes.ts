import {
  apiPaths,
  customerPageActionResponseSchema,
  customerPageResponseSchema,
  disputeRequestSchema,
  errorBodySchema,
  promiseRequestSchema,
} from "@recoup/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context.ts";
import { customerPage } from "./customer-page.service.ts";
import { customerInvoicePdf } from "./invoice-pdf.service.ts";
import { pageDispute, pagePromise } from "./page-actions.service.ts";

const tags = ["customer page"];
const errors = { 404: errorBodySchema, 410: errorBodySchema, 429: errorBodySchema };
const tokenParams = z.object({ token: z.string().max(200) });
/** The page's promises and disputes: a few a minute per link and address is plenty for a person. */
export const PAGE_ACTIONS_PER_MINUTE = 10;

/** The page's answers are one customer's: never cached, never indexed, never sent on as a referrer. */
function privateAnswer(reply: FastifyReply) {
  reply.header("cache-control", "no-store");
  reply.header("x-robots-tag", "noindex, nofollow");
  reply.header("referrer-policy", "no-referrer");
}

/** The customer page's API: public, the token in the path names the customer. */
export function customerPageRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const limit = { rateLimit: { max: ctx.config.rateLimitPerMinute, timeWindow: "1 minute" } };
  return async (app) => {
    app.get(
      apiPaths.pay.page,
      {
        config: limit,
        schema: { tags, params: tokenParams, response: { 200: customerPageResponseSchema, ...errors } },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: await customerPage(ctx, request.params.token) };
      },
    );

    app.get(
      apiPaths.pay.pdf,
      {
        config: limit,
        schema: {
          tags,
          description: "One of the customer's invoices as a PDF, streamed from QuickBooks (never stored).",
          produces: ["application/pdf"],
          params: tokenParams.extend({ invoiceId: z.string().min(1).max(64) }),
          response: {
            200: z.string().describe("PDF"),
            413: errorBodySchema,
            502: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        const pdf = await customerInvoicePdf(ctx, request.params.token, request.params.invoiceId);
        reply.header("content-type", "application/pdf");
        reply.header("content-disposition", `attachment; filename="${pdf.filename}"`);
        if (pdf.length) reply.header("content-length", pdf.length);
        // A stream is sent as-is (chunked), never through the response serializer.
        return reply.send(pdf.stream as unknown as string);
      },
    );

    const actions = {
      rateLimit: {
        max: PAGE_ACTIONS_PER_MINUTE,
        timeWindow: "1 minute",
        keyGenerator: (request: { ip: string; params: unknown }) =>
          `pay:${request.ip}:${(request.params as { token?: string }).token ?? ""}`,
      },
    };
    const actionAnswers = {
      200: customerPageActionResponseSchema,
      400: errorBodySchema,
      409: errorBodySchema,
      ...errors,
    };
    app.post(
      apiPaths.pay.promise,
      {
        config: actions,
        schema: {
          tags,
          description:
            "The customer promises to pay one or several of their open invoices by a date (today to 90 days ahead).",
          params: tokenParams,
          body: promiseRequestSchema,
          response: actionAnswers,
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: await pagePromise(ctx, request.params.token, request.body) };
      },
    );
    app.post(
      apiPaths.pay.dispute,
      {
        config: actions,
        schema: {
          tags,
          description: "The customer disputes one of their open invoices: it is not chased until resolved.",
          params: tokenParams,
          body: disputeRequestSchema,
          response: actionAnswers,
        },
      },
      async (request, reply) => {
        privateAnswer(reply);
        return { data: await pageDispute(ctx, request.params.token, request.body) };
      },
    );
  };
}
