import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { rateCounters } from "../../db/schema/index.ts";

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
