import * as contract from "@recoup/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.ts";
import { errorAnswers, routeSchemas } from "../../lib/route-schemas.ts";
import { currentUser } from "../auth/index.ts";
import * as service from "./schedules.service.ts";

const errors = errorAnswers(400, 401, 403, 404);
const schemas = routeSchemas({ tag: "reminder schedules", errors });
const paths = contract.apiPaths.reminderSchedules;
const ok = { data: { ok: true as const } };

/** Reminder schedules (issue 18): the company's own, what a change touches, the audit, who follows which. */
export function schedulesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      paths.list,
      schemas.query(contract.schedulesQuerySchema, { 200: contract.schedulesResponseSchema }),
      async (request) => ({ data: await service.listSchedules(ctx, request.query.companyId) }),
    );
    app.post(
      paths.save,
      schemas.body(contract.saveScheduleRequestSchema, { 200: contract.scheduleResponseSchema }),
      async (request) => ({
        data: await service.saveSchedule(ctx, request.body.companyId, currentUser(request).id, request.body),
      }),
    );
    app.post(
      paths.impact,
      schemas.body(contract.scheduleImpactRequestSchema, { 200: contract.scheduleImpactResponseSchema }),
      async (request) => ({
        data: await service.scheduleImpact(ctx, request.body.companyId, request.body.id),
      }),
    );
    app.post(
      paths.delete,
      schemas.body(contract.deleteScheduleRequestSchema, {
        200: contract.assignedResponseSchema,
        ...errorAnswers(409),
      }),
      async (request) => {
        const { companyId, id } = request.body;
        await service.deleteSchedule(ctx, companyId, currentUser(request).id, id);
        return ok;
      },
    );
    app.get(
      paths.changes,
      schemas.query(contract.scheduleChangesQuerySchema, { 200: contract.scheduleChangesResponseSchema }),
      async (request) => ({
        data: await service.scheduleChanges(ctx, request.query.companyId, request.query.id),
      }),
    );
    app.post(
      paths.assignCustomer,
      schemas.body(contract.assignCustomerScheduleRequestSchema, { 200: contract.assignedResponseSchema }),
      async (request) => {
        const { companyId, customerRef, schedule } = request.body;
        await service.assignCustomer(ctx, companyId, customerRef, schedule);
        return ok;
      },
    );
    app.post(
      paths.assignTag,
      schemas.body(contract.assignTagScheduleRequestSchema, { 200: contract.assignedResponseSchema }),
      async (request) => {
        const { companyId, tag, scheduleId } = request.body;
        await service.assignTag(ctx, companyId, tag, scheduleId);
        return ok;
      },
    );
  };
}
