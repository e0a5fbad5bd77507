import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { refreshTokens, sessions, users } from "../../db/schema/index.ts";

export async function insertSession(db: DbOrTx, userId: string, expiresAt: Date) {
  const [row] = await db.insert(sessions).values({ userId, expiresAt }).returning();
  return row!;
}

export const findActiveSession = async (db: DbOrTx, id: string) =>
  (
    await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .limit(1)
  )[0];

/** The user of a live session, in one query: what every authenticated request needs. */
export const findSessionUser = async (db: DbOrTx, sessionId: string, userId: string) =>
  (
    await db
      .select({ id: users.id, email: users.email, name: users.name, companyId: users.companyId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, sessionId),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1)
  )[0];

export async function revokeSession(db: DbOrTx, id: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertRefreshToken(db: DbOrTx, sessionId: string, tokenHash: string) {
  await db.insert(refreshTokens).values({ sessionId, tokenHash });
}

/** Marks the token used if it was not; only one caller can win. */
export async function claimRefreshToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
    .returning({ sessionId: refreshTokens.sessionId });
  return row;
}

export const findRefreshToken = async (db: DbOrTx, tokenHash: string) =>
  (await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1))[0];
