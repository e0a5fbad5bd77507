/** A company's QuickBooks connection, and its pending connect round trips. */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { qboConnections, qboConnectStates } from "../../db/schema/index.ts";
import { spendOnce } from "../../db/spend-once.ts";

export type Connection = typeof qboConnections.$inferSelect;

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

export async function insertConnectState(db: DbOrTx, state: string, userId: string, companyId: string) {
  await db.insert(qboConnectStates).values({ state, userId, companyId });
}

/** Spends a connect state once; it must be the same user's and fresh. */
export const consumeConnectState = (db: DbOrTx, state: string, userId: string) =>
  spendOnce(db, qboConnectStates, eq(qboConnectStates.state, state), eq(qboConnectStates.userId, userId));

/** The companies connected to QuickBooks now. */
export async function connectedCompanyIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ companyId: qboConnections.companyId })
    .from(qboConnections)
    .where(eq(qboConnections.status, "connected"));
  return rows.map((r) => r.companyId);
}
