/** What a sync checks and leaves tidy: live counts, and the synced tables vacuumed. */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, customers, invoices, paymentApplications, payments } from "../../db/schema/index.ts";
import { SYNCED_TABLES, type SyncedEntity } from "./synced-records.repository.ts";

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
