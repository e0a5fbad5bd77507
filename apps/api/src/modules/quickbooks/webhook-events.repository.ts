/** Webhook notifications already handled, so a duplicate delivery does nothing twice. */
import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { qboWebhookEvents } from "../../db/schema/index.ts";

/** Forgets webhook notifications older than `days`. */
export async function pruneWebhookEvents(db: DbOrTx, days: number) {
  await db
    .delete(qboWebhookEvents)
    .where(lt(qboWebhookEvents.receivedAt, sql`now() - make_interval(days => ${days})`));
}

/** Records a webhook notification; false if it was seen before. */
export async function firstTimeEvent(db: DbOrTx, id: string) {
  const rows = await db.insert(qboWebhookEvents).values({ id }).onConflictDoNothing().returning();
  return rows.length === 1;
}
