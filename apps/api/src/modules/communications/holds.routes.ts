import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import {
  userCancelsPromise,
  userRecordsDispute,
  userRecordsPromise,
  userResolvesDispute,
} from "./hold-actions.service.ts";

const schemas = routeSchemas({ tag: "communications", errors: errorAnswers(400, 401, 403, 404, 409) });
const ok = { 200: contract.holdResponseSchema };

/** Promises to pay and disputes from the invoice's thread: record, change, cancel, resolve. */
export function holdsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      contract.apiPaths.holds.promise,
      schemas.body(contract.recordPromiseRequestSchema, ok, {
        description:
          "Records a promise to pay by a date (today to 90 days ahead, company time zone), or changes the open one. No reminder for the invoice through that date; the day after, unpaid, 'Missed Promise' once.",
      }),
      async (request) => userRecordsPromise(ctx, currentUser(request).id, request.body),
    );
    app.post(
      contract.apiPaths.holds.cancelPromise,
      schemas.body(contract.endHoldRequestSchema, ok),
      async (request) =>
        userCancelsPromise(ctx, currentUser(request).id, request.body.companyId, request.body.invoiceId),
    );
    app.post(
      contract.apiPaths.holds.dispute,
      schemas.body(contract.recordDisputeRequestSchema, ok, {
        description: "Records a dispute: the invoice is not chased until it is resolved.",
      }),
      async (request) => userRecordsDispute(ctx, currentUser(request).id, request.body),
    );
    app.post(
      contract.apiPaths.holds.resolveDispute,
      schemas.body(contract.endHoldRequestSchema, ok),
      async (request) =>
        userResolvesDispute(ctx, currentUser(request).id, request.body.companyId, request.body.invoiceId),
    );
  };
}
