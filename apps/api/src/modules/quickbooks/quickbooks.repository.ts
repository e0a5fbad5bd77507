import { and, eq, getTableColumns, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import {
  creditMemos,
  customers,
  invoices,
  paymentApplications,
  payments,
  qboConnections,
  qboConnectStates,
  qboWebhookEvents,
} from "../../db/schema/index.ts";
import { spendOnce } from "../../db/spend-once.ts";

export type Connection = typeof qboConnections.$inferSelect;
export const SYNCED_TABLES = {
  Customer: customers,
  Invoice: invoices,
  Payment: payments,
  CreditMemo: creditMemos,
};
export type SyncedEntity = keyof typeof SYNCED_TABLES;

export const findConnection = async (db: DbOrTx, companyId: string) =>
  (await db.select().from(qboConnections).where(eq(qboConnections.companyId, companyId)).limit(1))[0];

export const findConnectionsByRealm = (db: DbOrTx, realmId: string) =>
  db
    .select()
    .from(qboConnections)
    .where(and(eq(qboConnections.realmId, realmId), eq(qboConnections.status, "connected")));

export const lockConnection = async (db: DbOrTx, companyId: string) =>
  (await db.select().from(qboConnections).where(eq(qboConnections.companyId, companyId)).for("update"))[0];

export async function upsertConnection(db: DbOrTx, values: typeof qboConnections.$inferInsert) {
  const { companyId: _, ...rest } = values;
  await db
    .insert(qboConnections)
    .values(values)
    .onConflictDoUpdate({ target: qboConnections.companyId, set: { ...rest, updatedAt: new Date() } });
}

export async function updateConnection(db: DbOrTx, companyId: string, values: Partial<Connection>) {
  await db
    .update(qboConnections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(qboConnections.companyId, companyId));
}

/** Takes the company's sync lease if it is free or stale; only one holder at a time. */
export async function acquireLease(db: DbOrTx, companyId: string, owner: string, seconds: number) {
  const rows = await db
    .update(qboConnections)
    .set({ syncLeaseOwner: owner, syncLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(
      and(
        eq(qboConnections.companyId, companyId),
        eq(qboConnections.status, "connected"),
        or(
          isNull(qboConnections.syncLeaseUntil),
          lt(qboConnections.syncLeaseUntil, sql`now()`),
          eq(qboConnections.syncLeaseOwner, owner),
        ),
      ),
    )
    .returning({ companyId: qboConnections.companyId });
  return rows.length === 1;
}

/** Extends the lease only for its holder; false when it was taken away (reconnect, disconnect, expiry). */
export async function renewLease(db: DbOrTx, companyId: string, owner: string, seconds: number) {
  const rows = await db
    .update(qboConnections)
    .set({ syncLeaseUntil: sql`now() + make_interval(secs => ${seconds})` })
    .where(and(eq(qboConnections.companyId, companyId), eq(qboConnections.syncLeaseOwner, owner)))
    .returning({ companyId: qboConnections.companyId });
  return rows.length === 1;
}

/** Inside a write: the caller still holds the lease on a connection to the same realm. */
export async function holdsLease(db: DbOrTx, companyId: string, owner: string, realmId: string) {
  const [row] = await db
    .select({ companyId: qboConnections.companyId })
    .from(qboConnections)
    .where(
      and(
        eq(qboConnections.companyId, companyId),
        eq(qboConnections.syncLeaseOwner, owner),
        eq(qboConnections.realmId, realmId),
        eq(qboConnections.status, "connected"),
      ),
    )
    .for("share");
  return Boolean(row);
}

export async function releaseLease(db: DbOrTx, companyId: string, owner: string) {
  await db
    .update(qboConnections)
    .set({ syncLeaseOwner: null, syncLeaseUntil: null })
    .where(and(eq(qboConnections.companyId, companyId), eq(qboConnections.syncLeaseOwner, owner)));
}

/** Frees every company's lease, held or not: for a process that alone holds the database. */
export async function releaseAllLeases(db: DbOrTx) {
  await db
    .update(qboConnections)
    .set({ syncLeaseOwner: null, syncLeaseUntil: null })
    .where(isNotNull(qboConnections.syncLeaseOwner));
}

export async function insertConnectState(db: DbOrTx, state: string, userId: string, companyId: string) {
  await db.insert(qboConnectStates).values({ state, userId, companyId });
}

/** Spends a connect state once; it must be the same user's and fresh. */
export const consumeConnectState = (db: DbOrTx, state: string, userId: string) =>
  spendOnce(db, qboConnectStates, eq(qboConnectStates.state, state), eq(qboConnectStates.userId, userId));

/** Records a webhook notification; false if it was seen before. */
export async function connectedCompanyIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ companyId: qboConnections.companyId })
    .from(qboConnections)
    .where(eq(qboConnections.status, "connected"));
  return rows.map((r) => r.companyId);
}

/** Forgets webhook notifications older than `days`. */
export async function pruneWebhookEvents(db: DbOrTx, days: number) {
  await db
    .delete(qboWebhookEvents)
    .where(lt(qboWebhookEvents.receivedAt, sql`now() - make_interval(days => ${days})`));
}

export async function firstTimeEvent(db: DbOrTx, id: string) {
  const rows = await db.insert(qboWebhookEvents).values({ id }).onConflictDoNothing().returning();
  return rows.length === 1;
}

/**
 * Idempotent upsert keyed by (company, QuickBooks Id): a row is replaced only by a version at
 * least as new (LastUpdatedTime), so a late, stale page never overwrites a newer change.
 */
export async function upsertSynced(db: DbOrTx, entity: SyncedEntity, rows: Record<string, unknown>[]) {
  if (rows.length === 0) return;
  const table = SYNCED_TABLES[entity] as unknown as PgTable & {
    companyId: PgColumn;
    qbId: PgColumn;
    qbUpdatedAt: PgColumn;
  };
  const columns = getTableColumns(table);
  const set: Record<string, SQL> = {};
  for (const key of Object.keys(columns)) {
    if (key === "companyId" || key === "qbId") continue;
    // The schema is declared in camelCase and stored in snake_case.
    set[key] = sql.raw(`excluded."${key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`);
  }
  await db
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({
      target: [table.companyId, table.qbId],
      set,
      setWhere: sql`excluded.qb_updated_at >= ${table.qbUpdatedAt}`,
    });
}

export async function markDeleted(db: DbOrTx, entity: SyncedEntity, companyId: string, qbIds: string[]) {
  if (qbIds.length === 0) return;
  const table = SYNCED_TABLES[entity];
  await db
    .update(table)
    .set({ deletedAt: new Date() })
    .where(and(eq(table.companyId, companyId), inArray(table.qbId, qbIds)));
  if (entity === "Payment" || entity === "CreditMemo")
    await replaceApplications(db, companyId, entity, qbIds, []);
}

/** A payment's (or credit memo's) links to invoices, replaced whole with its latest version. */
export async function replaceApplications(
  db: DbOrTx,
  companyId: string,
  sourceType: "Payment" | "CreditMemo",
  sourceIds: string[],
  rows: (typeof paymentApplications.$inferInsert)[],
) {
  if (sourceIds.length === 0) return;
  await db
    .delete(paymentApplications)
    .where(
      and(
        eq(paymentApplications.companyId, companyId),
        eq(paymentApplications.sourceType, sourceType),
        inArray(paymentApplications.sourceQbId, sourceIds),
      ),
    );
  if (rows.length) await db.insert(paymentApplications).values(rows);
}

export async function countSynced(db: DbOrTx, companyId: string) {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(SYNCED_TABLES)) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.companyId, companyId), isNull(table.deletedAt)));
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

/** Removes a company's synced records: all of them, or those of realms other than `keepRealm`. */
export async function deleteSynced(db: DbOrTx, companyId: string, keepRealm?: string) {
  await db.delete(paymentApplications).where(eq(paymentApplications.companyId, companyId));
  for (const table of Object.values(SYNCED_TABLES)) {
    await db
      .delete(table)
      .where(
        and(eq(table.companyId, companyId), keepRealm ? sql`${table.realmId} <> ${keepRealm}` : undefined),
      );
  }
  await touchCompanyData(db, companyId);
}

/** Live (not deleted) rows of one entity for the company's realm. */
export async function countLive(db: DbOrTx, companyId: string, realmId: string, entity: SyncedEntity) {
  const table = SYNCED_TABLES[entity];
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.realmId, realmId), isNull(table.deletedAt)));
  return row?.n ?? 0;
}

/**
 * Refreshes the planner's statistics and the visibility map of the synced tables, and empties
 * the trigram indexes' pending lists. PGlite has no autovacuum: without this, the lists read
 * every row of a bulk import through the heap with guessed statistics (ten times slower).
 */
export async function vacuumSynced(db: DbOrTx) {
  await db.execute(
    sql`vacuum (analyze) ${customers}, ${invoices}, ${payments}, ${creditMemos}, ${paymentApplications}`,
  );
}
