import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { rateCounters } from "../../db/schema/index.ts";

/**
 * Adds `add` (one; zero only touches the row, for a path that must cost the same as counting) to a
 * fixed-window counter and returns the count in the current window.
 */
export async function hitCounter(db: DbOrTx, key: string, windowSeconds: number, add: 0 | 1 = 1) {
  return (await hitWindow(db, key, windowSeconds, add)).count;
}

/** `hitCounter`, with the milliseconds left in the current window. */
export async function hitWindow(db: DbOrTx, key: string, windowSeconds: number, add: 0 | 1 = 1) {
  const expired = sql`${rateCounters.windowStart} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rateCounters)
    .values({ key, count: add })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`case when ${expired} then ${add}::int else ${rateCounters.count} + ${add}::int end`,
        windowStart: sql`case when ${expired} then now() else ${rateCounters.windowStart} end`,
      },
    })
    .returning({
      count: rateCounters.count,
      ageMs: sql<number>`(extract(epoch from now() - ${rateCounters.windowStart}) * 1000)::float8`,
    });
  return { count: row!.count, leftMs: Math.max(0, windowSeconds * 1000 - Number(row!.ageMs)) };
}

/** Forgets the counters whose window ended more than a day ago (the longest window is an hour). */
export async function pruneCounters(db: DbOrTx) {
  await db.delete(rateCounters).where(lt(rateCounters.windowStart, sql`now() - interval '1 day'`));
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
