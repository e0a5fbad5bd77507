/** A company's reminder schedules, their audit, and who follows which (by customer, by tag). */
import type { ScheduleStage } from "@recoup/contracts";
import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  customerProfiles,
  customerReminderSchedules,
  customers,
  reminderScheduleChanges,
  reminderSchedules,
  tagReminderSchedules,
  users,
} from "../../db/schema/index.ts";

export type ScheduleRow = Omit<typeof reminderSchedules.$inferSelect, "stages"> & { stages: ScheduleStage[] };

export async function findSchedules(db: DbOrTx, companyId: string): Promise<ScheduleRow[]> {
  const rows = await db
    .select()
    .from(reminderSchedules)
    .where(eq(reminderSchedules.companyId, companyId))
    .orderBy(asc(reminderSchedules.createdAt), asc(reminderSchedules.name));
  return rows as ScheduleRow[];
}

export async function findSchedule(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(reminderSchedules)
    .where(and(eq(reminderSchedules.companyId, companyId), eq(reminderSchedules.id, id)));
  return row as ScheduleRow | undefined;
}

export async function insertSchedule(
  db: DbOrTx,
  values: { companyId: string; name: string; stages: ScheduleStage[]; isDefault: boolean; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .insert(reminderSchedules)
    .values({ ...rest, createdAt: at, updatedAt: at })
    .returning();
  return row as ScheduleRow;
}

export async function updateSchedule(
  db: DbOrTx,
  companyId: string,
  id: string,
  values: { name: string; stages: ScheduleStage[]; isDefault: boolean; at: Date },
) {
  const { at, ...rest } = values;
  const [row] = await db
    .update(reminderSchedules)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(reminderSchedules.companyId, companyId), eq(reminderSchedules.id, id)))
    .returning();
  return row as ScheduleRow | undefined;
}

/** Only one schedule is the company's default: marking one unmarks the others. */
export async function clearDefault(db: DbOrTx, companyId: string) {
  await db
    .update(reminderSchedules)
    .set({ isDefault: false })
    .where(and(eq(reminderSchedules.companyId, companyId), eq(reminderSchedules.isDefault, true)));
}

export async function deleteSchedule(db: DbOrTx, companyId: string, id: string) {
  await db
    .delete(reminderSchedules)
    .where(and(eq(reminderSchedules.companyId, companyId), eq(reminderSchedules.id, id)));
}

export async function recordChange(
  db: DbOrTx,
  values: { companyId: string; scheduleId: string; userId: string | null; at: Date; change: unknown },
) {
  await db.insert(reminderScheduleChanges).values(values);
}

export function findChanges(db: DbOrTx, companyId: string, scheduleId: string) {
  return db
    .select({ at: reminderScheduleChanges.at, user: users.name, change: reminderScheduleChanges.change })
    .from(reminderScheduleChanges)
    .leftJoin(users, eq(users.id, reminderScheduleChanges.userId))
    .where(
      and(
        eq(reminderScheduleChanges.companyId, companyId),
        eq(reminderScheduleChanges.scheduleId, scheduleId),
      ),
    )
    .orderBy(desc(reminderScheduleChanges.at), desc(reminderScheduleChanges.id));
}

/** Each customer's own choice, each tag's schedule, and each customer's tags: what resolves a customer's schedule. */
export async function findAssignments(db: DbOrTx, companyId: string) {
  const customers = await db
    .select({
      customerRef: customerReminderSchedules.customerQbId,
      choice: customerReminderSchedules.choice,
      scheduleId: customerReminderSchedules.scheduleId,
    })
    .from(customerReminderSchedules)
    .where(eq(customerReminderSchedules.companyId, companyId));
  const tags = await db
    .select({ tag: tagReminderSchedules.tag, scheduleId: tagReminderSchedules.scheduleId })
    .from(tagReminderSchedules)
    .where(eq(tagReminderSchedules.companyId, companyId))
    .orderBy(asc(tagReminderSchedules.tag));
  const profiles =
    tags.length === 0
      ? []
      : await db
          .select({ customerRef: customerProfiles.customerQbId, tags: customerProfiles.tags })
          .from(customerProfiles)
          .where(eq(customerProfiles.companyId, companyId));
  return { customers, tags, profiles };
}
export type Assignments = Awaited<ReturnType<typeof findAssignments>>;

export async function setCustomerChoice(
  db: DbOrTx,
  companyId: string,
  customerRef: string,
  choice: { choice: "schedule" | "standard" | "none"; scheduleId: string | null } | null,
) {
  const key = and(
    eq(customerReminderSchedules.companyId, companyId),
    eq(customerReminderSchedules.customerQbId, customerRef),
  );
  if (!choice) return db.delete(customerReminderSchedules).where(key);
  await db
    .insert(customerReminderSchedules)
    .values({ companyId, customerQbId: customerRef, ...choice })
    .onConflictDoUpdate({
      target: [customerReminderSchedules.companyId, customerReminderSchedules.customerQbId],
      set: { ...choice, updatedAt: new Date() },
    });
}

export async function setTagSchedule(db: DbOrTx, companyId: string, tag: string, scheduleId: string | null) {
  const key = and(eq(tagReminderSchedules.companyId, companyId), eq(tagReminderSchedules.tag, tag));
  if (!scheduleId) return db.delete(tagReminderSchedules).where(key);
  await db
    .insert(tagReminderSchedules)
    .values({ companyId, tag, scheduleId })
    .onConflictDoUpdate({
      target: [tagReminderSchedules.companyId, tagReminderSchedules.tag],
      set: { scheduleId, updatedAt: new Date() },
    });
}

/** The company's customers (QuickBooks ids), to count who follows a schedule. */
export async function customerRefs(db: DbOrTx, companyId: string) {
  const rows = await db
    .select({ ref: customers.qbId })
    .from(customers)
    .where(eq(customers.companyId, companyId));
  return rows.map((r) => r.ref);
}
