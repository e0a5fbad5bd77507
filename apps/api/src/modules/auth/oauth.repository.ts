import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { oauthTransactions } from "../../db/schema/index.ts";
import { spendOnce } from "../../db/spend-once.ts";

export async function insertOAuthTransaction(db: DbOrTx, row: typeof oauthTransactions.$inferInsert) {
  await db.insert(oauthTransactions).values(row);
}

/** Marks an OAuth round trip used, once: only if it is this provider's, unused and fresh. */
export const consumeOAuthTransaction = (db: DbOrTx, id: string, provider: string) =>
  spendOnce(db, oauthTransactions, eq(oauthTransactions.id, id), eq(oauthTransactions.provider, provider));
