import {
  apiPaths,
  customerDetailResponseSchema,
  customerListQuerySchema,
  customerListResponseSchema,
  customerRefQuerySchema,
  editCustomerNoteRequestSchema,
  editCustomerNoteResponseSchema,
  editCustomerTagsRequestSchema,
  editCustomerTagsResponseSchema,
  paymentHistoryResponseSchema,
} from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { currentCompanyId } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import { customerDetail, editNote, editTags, listCustomers, paymentHistory } from "./customers.service.ts";

const secured = { security: [{ bearer: [] }], tags: ["customers"] };

export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      apiPaths.customers.outstanding,
      {
        schema: {
          ...secured,
          querystring: customerListQuerySchema,
          response: { 200: customerListResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await listCustomers(ctx, request.query.companyId, request.query) };
      },
    );

    app.get(
      apiPaths.customers.detail,
      {
        schema: {
          ...secured,
          querystring: customerRefQuerySchema,
          response: { 200: customerDetailResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: await customerDetail(ctx, currentCompanyId(request), request.query) };
      },
    );

    app.get(
      apiPaths.customers.paymentHistory,
      {
        schema: {
          ...secured,
          querystring: customerRefQuerySchema,
          response: { 200: paymentHistoryResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return { data: { payments: await paymentHistory(ctx, currentCompanyId(request), request.query) } };
      },
    );

    app.post(
      apiPaths.customers.editNote,
      {
        schema: {
          ...secured,
          body: editCustomerNoteRequestSchema,
          response: { 200: editCustomerNoteResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return {
          data: { note: await editNote(ctx, currentCompanyId(request), request.body, request.body.note) },
        };
      },
    );

    app.post(
      apiPaths.customers.editTags,
      {
        schema: {
          ...secured,
          body: editCustomerTagsRequestSchema,
          response: { 200: editCustomerTagsResponseSchema, ...collectionErrors },
        },
      },
      async (request) => {
        return {
          data: { tags: await editTags(ctx, currentCompanyId(request), request.body, request.body.tags) },
        };
      },
    );
  };
}
