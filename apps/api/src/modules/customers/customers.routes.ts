import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentCompanyId } from "../auth/index.ts";
import { collectionErrors } from "../receivables/index.ts";
import {
  addCustomerContact,
  editCustomerContact,
  removeCustomerContact,
} from "./customer-contacts.service.ts";
import { customerDetail } from "./customer-detail.service.ts";
import { listCustomers } from "./customer-list.service.ts";
import { editNote, editTags } from "./customer-profile.service.ts";
import { paymentHistory } from "./payment-history.service.ts";

const schemas = routeSchemas({ tag: "customers", errors: collectionErrors });
/** A contact change may also answer 409: the address is taken, or QuickBooks owns it. */
const contactAnswers = { 200: contract.contactsResponseSchema, ...errorAnswers(409) };

export function customersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      contract.apiPaths.customers.outstanding,
      schemas.query(contract.customerListQuerySchema, { 200: contract.customerListResponseSchema }),
      async (request) => ({ data: await listCustomers(ctx, request.query.companyId, request.query) }),
    );

    app.get(
      contract.apiPaths.customers.detail,
      schemas.query(contract.customerRefQuerySchema, { 200: contract.customerDetailResponseSchema }),
      async (request) => ({ data: await customerDetail(ctx, currentCompanyId(request), request.query) }),
    );

    app.get(
      contract.apiPaths.customers.paymentHistory,
      schemas.query(contract.customerRefQuerySchema, { 200: contract.paymentHistoryResponseSchema }),
      async (request) => {
        const payments = await paymentHistory(ctx, currentCompanyId(request), request.query);
        return { data: { payments } };
      },
    );

    app.post(
      contract.apiPaths.customers.editNote,
      schemas.body(contract.editCustomerNoteRequestSchema, { 200: contract.editCustomerNoteResponseSchema }),
      async (request) => {
        const note = await editNote(ctx, currentCompanyId(request), request.body, request.body.note);
        return { data: { note } };
      },
    );

    app.post(
      contract.apiPaths.customers.editTags,
      schemas.body(contract.editCustomerTagsRequestSchema, { 200: contract.editCustomerTagsResponseSchema }),
      async (request) => {
        const tags = await editTags(ctx, currentCompanyId(request), request.body, request.body.tags);
        return { data: { tags } };
      },
    );

    app.post(
      contract.apiPaths.customers.addContact,
      schemas.body(contract.addContactRequestSchema, contactAnswers),
      async (request) => {
        const { realmId, customerRef, ...input } = request.body;
        const contacts = await addCustomerContact(
          ctx,
          currentCompanyId(request),
          { realmId, customerRef },
          input,
        );
        return { data: { contacts } };
      },
    );

    app.post(
      contract.apiPaths.customers.editContact,
      schemas.body(contract.editContactRequestSchema, contactAnswers),
      async (request) => {
        const { realmId, customerRef, id, ...input } = request.body;
        const ref = { realmId, customerRef };
        const contacts = await editCustomerContact(ctx, currentCompanyId(request), ref, id, input);
        return { data: { contacts } };
      },
    );

    app.post(
      contract.apiPaths.customers.removeContact,
      schemas.body(contract.removeContactRequestSchema, contactAnswers),
      async (request) => {
        const { realmId, customerRef, id } = request.body;
        const ref = { realmId, customerRef };
        const contacts = await removeCustomerContact(ctx, currentCompanyId(request), ref, id);
        return { data: { contacts } };
      },
    );
  };
}
