/** The company's reminder schedules: validated saves, deletes refused while in use, the audit, assignment. */
import {
  errorCodes,
  type ReminderSchedule,
  type SaveScheduleRequest,
  type ScheduleStage,
  scheduleMessages,
  templateVariableNames,
  unknownVariable,
} from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { shortId } from "../../lib/crypto.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { sanitizeUserHtml } from "../../lib/sanitize.ts";
import { followedSchedules } from "./followed-schedules.ts";
import { loadSettings } from "./load-settings.ts";
import * as repo from "./schedules.repository.ts";
import { stagesProblem } from "./stages.ts";
import { upcomingFor } from "./upcoming.service.ts";

/** The company's schedules and who follows each: what the list, the impact and a delete read. */
async function followers(ctx: AppContext, companyId: string) {
  const [settings, refs] = await Promise.all([
    loadSettings(ctx, companyId),
    repo.customerRefs(ctx.db, companyId),
  ]);
  const { schedules, assignments, scheduleOf } = await followedSchedules(
    ctx.db,
    companyId,
    Number(settings.followUpInterval),
  );
  const count = new Map<string | null | "none", number>();
  for (const ref of refs) {
    const s = scheduleOf(ref);
    const key = s ? s.id : "none";
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  return { schedules, assignments, scheduleOf, count };
}

const asSchedule = (s: repo.ScheduleRow, f: Awaited<ReturnType<typeof followers>>): ReminderSchedule => ({
  id: s.id,
  name: s.name,
  stages: s.stages,
  isDefault: s.isDefault,
  tags: f.assignments.tags.filter((t) => t.scheduleId === s.id).map((t) => t.tag),
  customers: f.count.get(s.id) ?? 0,
  updatedAt: s.updatedAt.toISOString(),
});

export async function listSchedules(ctx: AppContext, companyId: string) {
  const f = await followers(ctx, companyId);
  return {
    schedules: f.schedules.map((s) => asSchedule(s, f)),
    standardCustomers: f.count.get(null) ?? 0,
    unchasedCustomers: f.count.get("none") ?? 0,
  };
}

/**
 * Why these stages are not a schedule, naming the stage and field: the timing rules (`stagesProblem`)
 * and templates using a variable emails do not know.
 */
function problem(stages: readonly ScheduleStage[]): string | null {
  const timing = stagesProblem(stages);
  if (timing) return timing;
  for (const [i, { template }] of stages.entries()) {
    if ("type" in template) continue;
    for (const field of ["subject", "content"] as const) {
      const name = unknownVariable(template[field], templateVariableNames);
      if (name) return `Stage ${i + 1}: the template's ${field} uses an unknown variable ${name}.`;
    }
  }
  return null;
}

/** A stage keeps its key when it names one of the schedule's own stages; a new one gets `stage:<12 random characters>`. */
function keyed(input: SaveScheduleRequest["stages"], existing: readonly ScheduleStage[]): ScheduleStage[] {
  const own = new Set(existing.map((s) => s.key));
  return input.map(({ key, timing, template }) => ({
    key: key && own.has(key) ? key : `stage:${shortId()}`,
    timing,
    template:
      "type" in template
        ? template
        : { subject: template.subject, content: sanitizeUserHtml(template.content) },
  }));
}

function changedFields(before: Partial<repo.ScheduleRow> | null, after: Partial<repo.ScheduleRow> | null) {
  const fields: Record<string, { before: unknown; after: unknown }> = {};
  for (const name of ["name", "stages", "isDefault"] as const) {
    const b = before?.[name] ?? null;
    const a = after?.[name] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) fields[name] = { before: b, after: a };
  }
  return fields;
}

export async function saveSchedule(
  ctx: AppContext,
  companyId: string,
  userId: string,
  input: SaveScheduleRequest,
) {
  const existing = input.id ? await repo.findSchedule(ctx.db, companyId, input.id) : undefined;
  if (input.id && !existing) throw notFound("Schedule not found.");
  const stages = keyed(input.stages, existing?.stages ?? []);
  const why = problem(stages);
  if (why) throw badRequest(why, { field: "stages" });
  const taken = (await repo.findSchedules(ctx.db, companyId)).some(
    (s) => s.name === input.name && s.id !== input.id,
  );
  if (taken) throw badRequest("name: another schedule already has this name.", { field: "name" });
  const at = ctx.now();
  const values = { name: input.name, stages, isDefault: input.isDefault, at };
  const saved = await ctx.db.transaction(async (tx) => {
    if (input.isDefault) await repo.clearDefault(tx, companyId);
    const row = existing
      ? await repo.updateSchedule(tx, companyId, existing.id, values)
      : await repo.insertSchedule(tx, { companyId, ...values });
    if (!row) throw notFound("Schedule not found.");
    const change = { action: existing ? "updated" : "created", fields: changedFields(existing ?? null, row) };
    await repo.recordChange(tx, { companyId, scheduleId: row.id, userId, at, change });
    return row;
  });
  return asSchedule(saved, await followers(ctx, companyId));
}

/** Customers following it now, and the reminders planned for them in the next 14 days. */
export async function scheduleImpact(ctx: AppContext, companyId: string, id: string) {
  const f = await followers(ctx, companyId);
  if (!f.schedules.some((s) => s.id === id)) throw notFound("Schedule not found.");
  const upcoming = await upcomingFor(ctx, companyId, (s) => s.id === id);
  return { customers: f.count.get(id) ?? 0, upcomingReminders: upcoming };
}

export async function deleteSchedule(ctx: AppContext, companyId: string, userId: string, id: string) {
  const f = await followers(ctx, companyId);
  const row = f.schedules.find((s) => s.id === id);
  if (!row) throw notFound("Schedule not found.");
  const own = f.assignments.customers.filter((c) => c.scheduleId === id).length;
  const tags = f.assignments.tags.filter((t) => t.scheduleId === id).length;
  // As the default, it is in use while any customer follows it.
  const customers = Math.max(own, row.isDefault ? (f.count.get(id) ?? 0) : 0);
  if (customers > 0 || tags > 0)
    throw new AppError(409, errorCodes.conflict, scheduleMessages.inUse(customers, tags));
  const at = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.deleteSchedule(tx, companyId, id);
    const change = { action: "deleted", fields: changedFields(row, null) };
    await repo.recordChange(tx, { companyId, scheduleId: id, userId, at, change });
  });
}

export async function scheduleChanges(ctx: AppContext, companyId: string, id: string) {
  const rows = await repo.findChanges(ctx.db, companyId, id);
  return rows.map((r) => {
    const change = r.change as { action: "created" | "updated" | "deleted"; fields: Record<string, never> };
    return { at: r.at.toISOString(), user: r.user, action: change.action, fields: change.fields };
  });
}

async function knownSchedule(ctx: AppContext, companyId: string, id: string) {
  if (!(await repo.findSchedule(ctx.db, companyId, id))) throw badRequest("schedule: no such schedule.");
}

export async function assignCustomer(
  ctx: AppContext,
  companyId: string,
  customerRef: string,
  schedule: string | null,
) {
  if (schedule === null) return void (await repo.setCustomerChoice(ctx.db, companyId, customerRef, null));
  if (schedule === "standard" || schedule === "none")
    return void (await repo.setCustomerChoice(ctx.db, companyId, customerRef, {
      choice: schedule,
      scheduleId: null,
    }));
  await knownSchedule(ctx, companyId, schedule);
  await repo.setCustomerChoice(ctx.db, companyId, customerRef, { choice: "schedule", scheduleId: schedule });
}

export async function assignTag(ctx: AppContext, companyId: string, tag: string, scheduleId: string | null) {
  if (scheduleId) await knownSchedule(ctx, companyId, scheduleId);
  await repo.setTagSchedule(ctx.db, companyId, tag, scheduleId);
}
