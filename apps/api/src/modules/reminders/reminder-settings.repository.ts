import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, qboConnections, reminderPauses, reminderSettings } from "../../db/schema/index.ts";

/** The settings the schedule needs, with the stored row's defaults when there is none. */
const planningColumns = {
  companyId: companies.id,
  timezone: companies.timezone,
  locale: companies.locale,
  followUpInterval: companies.followUpInterval,
  enabled: sql<boolean>`coalesce(${reminderSettings.enabled}, false)`,
  sendTime: sql<string>`coalesce(${reminderSettings.sendTime}, '09:00')`,
  weekdaysOnly: sql<boolean>`coalesce(${reminderSettings.weekdaysOnly}, true)`,
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
  values: { enabled: boolean; sendTime: string; weekdaysOnly: boolean; enabledAt?: Date | null },
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

// Pauses

export type PauseScope = "invoice" | "customer";

export async function upsertPause(
  db: DbOrTx,
  p: { companyId: string; scope: PauseScope; targetQbId: string; until: string | null; createdBy: string },
) {
  const [row] = await db
    .insert(reminderPauses)
    .values(p)
    .onConflictDoUpdate({
      target: [reminderPauses.companyId, reminderPauses.scope, reminderPauses.targetQbId],
      // A person's pause replaces whatever paused the target before.
      set: { until: p.until, reason: "manual", detail: null, createdBy: p.createdBy, createdAt: new Date() },
    })
    .returning();
  return row!;
}

export async function deletePause(db: DbOrTx, companyId: string, scope: PauseScope, targetQbId: string) {
  const rows = await db
    .delete(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, scope),
        eq(reminderPauses.targetQbId, targetQbId),
      ),
    )
    .returning({ id: reminderPauses.id });
  return rows.length > 0;
}

/**
 * The pauses in force on `today` (local date): without an end, or ending later. With targets,
 * only those on these invoices or customers.
 */
export function activePauses(
  db: DbOrTx,
  companyId: string,
  today: string,
  targets?: { invoiceIds: string[]; customerRefs: string[] },
) {
  const inForce = or(isNull(reminderPauses.until), gt(reminderPauses.until, today));
  const onTargets = targets
    ? or(
        and(eq(reminderPauses.scope, "invoice"), inArray(reminderPauses.targetQbId, targets.invoiceIds)),
        and(eq(reminderPauses.scope, "customer"), inArray(reminderPauses.targetQbId, targets.customerRefs)),
      )
    : undefined;
  return db
    .select()
    .from(reminderPauses)
    .where(and(eq(reminderPauses.companyId, companyId), inForce, onTargets))
    .orderBy(reminderPauses.createdAt);
}
export type PauseRow = Awaited<ReturnType<typeof activePauses>>[number];

type AutomaticReason = "reply" | "away" | "bounce";
/** Which pause wins when one is already there: a person's pause is never replaced by a reply's. */
const STRENGTH: Record<string, number> = { away: 1, reply: 2, manual: 3, bounce: 4 };

/**
 * Pauses reminders for a reply, an absence or a bounce, unless a stronger pause is in place
 * (a bounce outranks everything; a person's pause outranks replies and absences).
 */
export async function pauseFor(
  db: DbOrTx,
  p: {
    companyId: string;
    scope: PauseScope;
    targetQbId: string;
    reason: AutomaticReason;
    until: string | null;
    detail: string | null;
  },
) {
  const [existing] = await db
    .select()
    .from(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, p.companyId),
        eq(reminderPauses.scope, p.scope),
        eq(reminderPauses.targetQbId, p.targetQbId),
      ),
    )
    .for("update");
  if (existing && STRENGTH[existing.reason]! > STRENGTH[p.reason]!) return;
  await db
    .insert(reminderPauses)
    .values({ ...p, createdBy: null })
    .onConflictDoUpdate({
      target: [reminderPauses.companyId, reminderPauses.scope, reminderPauses.targetQbId],
      set: { until: p.until, reason: p.reason, detail: p.detail, createdBy: null, createdAt: new Date() },
    });
}

/** Lifts the pause a reply set on an invoice (not a person's). */
export async function liftReplyPause(db: DbOrTx, companyId: string, invoiceId: string) {
  await db
    .delete(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, "invoice"),
        eq(reminderPauses.targetQbId, invoiceId),
        eq(reminderPauses.reason, "reply"),
      ),
    );
}

/** The automatic pauses (away, bounce) on these customers. */
export function customerPauses(db: DbOrTx, companyId: string, customerRefs: string[]) {
  if (customerRefs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reminderPauses)
    .where(
      and(
        eq(reminderPauses.companyId, companyId),
        eq(reminderPauses.scope, "customer"),
        inArray(reminderPauses.targetQbId, customerRefs),
        inArray(reminderPauses.reason, ["away", "bounce"]),
      ),
    );
}
