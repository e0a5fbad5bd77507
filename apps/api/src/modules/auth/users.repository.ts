import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { identities, qboConnections, users } from "../../db/schema/index.ts";
import { revokeUserSessions } from "./sessions.repository.ts";

export type UserRow = typeof users.$inferSelect;

export const findUserByEmail = async (db: DbOrTx, email: string) =>
  (await db.select().from(users).where(eq(users.email, email)).limit(1))[0];

export const findUserById = async (db: DbOrTx, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export async function findUserWithCompany(db: DbOrTx, id: string) {
  const rows = await db
    .select({ user: users, realmId: qboConnections.realmId })
    .from(users)
    .leftJoin(
      qboConnections,
      and(eq(qboConnections.companyId, users.companyId), eq(qboConnections.status, "connected")),
    )
    .where(eq(users.id, id))
    .limit(1);
  return rows[0];
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export const findIdentity = async (db: DbOrTx, provider: string, subject: string) =>
  (
    await db
      .select()
      .from(identities)
      .where(and(eq(identities.provider, provider), eq(identities.subject, subject)))
      .limit(1)
  )[0];

async function deleteIdentities(db: DbOrTx, userId: string) {
  await db.delete(identities).where(eq(identities.userId, userId));
}

/**
 * Settles a pending (unverified) account, only while it is still pending: `values` replace its
 * fields, and whatever was attached to it before (sign-ins, sessions, company) came from someone
 * unproven and goes. Returns the row, or undefined when the account was verified meanwhile, so a
 * verified account is never changed this way, however requests interleave.
 */
export async function claimPendingAccount(
  db: DbOrTx,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
) {
  const [row] = await db
    .update(users)
    .set({ companyId: null, ...values, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning();
  if (!row) return undefined;
  await deleteIdentities(db, userId);
  await revokeUserSessions(db, userId, "pending account claimed");
  return row;
}

export async function insertIdentity(db: DbOrTx, values: typeof identities.$inferInsert) {
  await db.insert(identities).values(values);
}
