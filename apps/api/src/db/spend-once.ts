import { and, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.ts";

/** A table of single-use rows (an OAuth round trip, a connect state): spent once, before they expire. */
type SingleUse = PgTable & { usedAt: PgColumn; expiresAt: PgColumn };

/** Spends the row that `match` names, once: only while it is unused and fresh. Returns it, or undefined. */
export async function spendOnce<T extends SingleUse>(
  db: DbOrTx,
  table: T,
  ...match: SQL[]
): Promise<T["$inferSelect"] | undefined> {
  const rows = await db
    .update(table as SingleUse)
    .set({ usedAt: new Date() } as never)
    .where(and(...match, isNull(table.usedAt), gt(table.expiresAt, sql`now()`)))
    .returning();
  return rows[0] as T["$inferSelect"] | undefined;
}
