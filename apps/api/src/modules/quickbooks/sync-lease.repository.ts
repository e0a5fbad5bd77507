/** The lease that lets one sync at a time write a company's records, across worker processes. */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { qboConnections } from "../../db/schema/index.ts";

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
