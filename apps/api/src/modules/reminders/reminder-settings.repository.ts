import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, qboConnections, reminderSettings } from "../../db/schema/index.ts";

/** The settings the schedule needs, with the stored row's defaults when there is none. */
const planningColumns = {
  companyId: companies.id,
  timezone: companies.timezone,
  locale: companies.locale,
  followUpInterval: companies.followUpInterval,
  enabled: sql<boolean>`coalesce(${reminderSettings.enabled}, false)`,
  sendTime: sql<string>`coalesce(${reminderSettings.sendTime}, '09:00')`,
  weekdaysOnly: sql<boolean>`coalesce(${reminderSettings.weekdaysOnly}, true)`,
  attachInvoicePdf: sql<boolean>`coalesce(${reminderSettings.attachInvoicePdf}, true)`,
  escalateFrom: reminderSettings.escalateFrom,
  combineReminders: sql<boolean>`coalesce(${reminderSettings.combineReminders}, true)`,
  blockedReason: reminderSettings.blockedReason,
  blockedAt: reminderSettings.blockedAt,
  lastPlannedAt: reminderSettings.lastPlannedAt,
};

export async function findSettings(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select(planningColumns)
    .from(companies)
    .leftJoin(reminderSettings, eq(reminderSettings.companyId, companies.id))
    .where(eq(companies.id, companyId));
  return row;
}
export type SettingsRow = NonNullable<Awaited<ReturnType<typeof findSettings>>>;

/** Companies with reminders on, for the planner. */
export function enabledCompanies(db: DbOrTx) {
  return db
    .select(planningColumns)
    .from(reminderSettings)
    .innerJoin(companies, eq(companies.id, reminderSettings.companyId))
    .where(eq(reminderSettings.enabled, true));
}

export async function saveSettings(
  db: DbOrTx,
  companyId: string,
  values: {
    enabled: boolean;
    sendTime: string;
    weekdaysOnly: boolean;
    attachInvoicePdf?: boolean;
    escalateFrom?: number | null;
    combineReminders?: boolean;
    enabledAt?: Date | null;
  },
) {
  const set = { ...values, updatedAt: new Date() };
  await db
    .insert(reminderSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: reminderSettings.companyId, set });
}

/** The company's time zone and email locale, as the reminder settings change them. */
export async function saveCompanyClock(
  db: DbOrTx,
  companyId: string,
  values: { timezone?: string; locale?: string },
) {
  if (values.timezone === undefined && values.locale === undefined) return;
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/** Records why planning sent nothing (or clears it with null), and when it last planned. */
export async function recordPlanning(
  db: DbOrTx,
  companyId: string,
  values: { blockedReason: string | null; at: Date; planned: boolean },
) {
  const set = {
    blockedReason: values.blockedReason,
    blockedAt: values.blockedReason ? values.at : null,
    ...(values.planned ? { lastPlannedAt: values.at } : {}),
  };
  await db
    .insert(reminderSettings)
    .values({ companyId, ...set })
    .onConflictDoUpdate({ target: reminderSettings.companyId, set });
}

/** Serialises the decisions of one company (planner runs, manual sends) within a transaction. */
export async function lockCompanyReminders(tx: DbOrTx, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reminders:${companyId}`}, 0))`);
}

/** When the company's data was last synced from QuickBooks, and whether it is connected. */
export async function findSyncState(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({ status: qboConnections.status, lastSyncAt: qboConnections.lastSyncAt })
    .from(qboConnections)
    .where(eq(qboConnections.companyId, companyId));
  return row;
}
