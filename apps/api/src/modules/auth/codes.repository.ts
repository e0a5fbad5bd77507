import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { oneTimeCodes } from "../../db/schema/index.ts";

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

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
