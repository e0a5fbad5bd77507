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
import { assertOwnCompany, authenticate, currentCompanyId } from "../../plugins/auth.ts";
import { collectionErrors } from "../invoices/invoices.routes.ts";
import {
  assertOwnRealm,
  customerDetail,
  editNote,
  editTags,
  listCustomers,
  paymentHistory,
} from "./customers.service.ts";

const secured = { security: [{ bearer: [] }], tags: ["customers"] };

export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Authenticate before the query is validated: an anonymous caller learns nothing but 401.
    app.addHook("onRequest", authenticate(ctx));

    /** The caller's company, once the realm it names is checked to be the caller's. */
    const ownRealm = async (request: Parameters<typeof currentCompanyId>[0], realmId: string) => {
      const companyId = currentCompanyId(request);
      await assertOwnRealm(ctx, companyId, realmId);
      return companyId;
    };

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
        assertOwnCompany(request, request.query.companyId);
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
        const companyId = await ownRealm(request, request.query.realmId);
        return { data: await customerDetail(ctx, companyId, request.query.customerRef) };
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
        const companyId = await ownRealm(request, request.query.realmId);
        return { data: { payments: await paymentHistory(ctx, companyId, request.query.customerRef) } };
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
        const companyId = await ownRealm(request, request.body.realmId);
        return {
          data: { note: await editNote(ctx, companyId, request.body.customerRef, request.body.note) },
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
        const companyId = await ownRealm(request, request.body.realmId);
        return {
          data: { tags: await editTags(ctx, companyId, request.body.customerRef, request.body.tags) },
        };
      },
    );
  };
}
