import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import {
  identities,
  oauthTransactions,
  oneTimeCodes,
  qboConnections,
  rateCounters,
  refreshTokens,
  sessions,
  users,
} from "../../db/schema/index.ts";

export type UserRow = typeof users.$inferSelect;
export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

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

// Sessions and refresh tokens

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

// One-time codes

export async function consumeOpenCodes(db: DbOrTx, userId: string, purpose: CodePurpose) {
  await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.consumedAt),
      ),
    );
}

export async function insertCode(db: DbOrTx, values: typeof oneTimeCodes.$inferInsert) {
  await db.insert(oneTimeCodes).values(values);
}

export const findOpenCode = async (db: DbOrTx, userId: string, purpose: CodePurpose) =>
  (
    await db
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.consumedAt),
          gt(oneTimeCodes.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1)
  )[0];

/** Counts a guess atomically; none is counted (and none allowed) once `max` were made. */
export async function countCodeAttempt(db: DbOrTx, id: string, max: number) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
    .where(
      and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt), sql`${oneTimeCodes.attempts} < ${max}`),
    )
    .returning({ attempts: oneTimeCodes.attempts });
  return row;
}

/** Gives back a guess counted for the right code when it was only asked about (see isOpenCode). */
export async function uncountCodeAttempt(db: DbOrTx, id: string) {
  await db
    .update(oneTimeCodes)
    .set({ attempts: sql`${oneTimeCodes.attempts} - 1` })
    .where(and(eq(oneTimeCodes.id, id), gt(oneTimeCodes.attempts, 0)));
}

export async function consumeCode(db: DbOrTx, id: string) {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.consumedAt)))
    .returning({ id: oneTimeCodes.id });
  return Boolean(row);
}

// Rate counters

/**
 * Adds `add` (one; zero only touches the row, for a path that must cost the same as counting) to a
 * fixed-window counter and returns the count in the current window.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number, add: 0 | 1 = 1) {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: add })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${rateCounters.windowStart} < now() - make_interval(secs => ${windowSeconds}) then ${add}::int else ${rateCounters.count} + ${add}::int end`,
        windowStart: sql`case when ${rateCounters.windowStart} < now() - make_interval(secs => ${windowSeconds}) then now() else ${rateCounters.windowStart} end`,
      },
    })
    .returning({ count: rateCounters.count });
  return row!.count;
}

export async function readCounter(db: DbOrTx, key: string, windowSeconds: number) {
  const [row] = await db
    .select({ count: rateCounters.count })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.key, key),
        gt(rateCounters.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return row?.count ?? 0;
}

/** A counter's count in the current window and how old that window is, in seconds. */
export async function readWindow(db: DbOrTx, key: string, windowSeconds: number) {
  const [row] = await db
    .select({
      count: rateCounters.count,
      ageSeconds: sql<number>`extract(epoch from now() - ${rateCounters.windowStart})::float8`,
    })
    .from(rateCounters)
    .where(
      and(
        eq(rateCounters.key, key),
        gt(rateCounters.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return row ? { count: row.count, ageSeconds: Number(row.ageSeconds) } : { count: 0, ageSeconds: 0 };
}

export async function clearCounter(db: DbOrTx, key: string) {
  await db.delete(rateCounters).where(eq(rateCounters.key, key));
}

export async function insertOAuthTransaction(db: DbOrTx, row: typeof oauthTransactions.$inferInsert) {
  await db.insert(oauthTransactions).values(row);
}

/** Marks an OAuth round trip used, once: only if it is this provider's, unused and fresh. */
export async function consumeOAuthTransaction(db: DbOrTx, id: string, provider: string) {
  const [row] = await db
    .update(oauthTransactions)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oauthTransactions.id, id),
        eq(oauthTransactions.provider, provider),
        isNull(oauthTransactions.usedAt),
        gt(oauthTransactions.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}
