import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "./client.ts";
import { companies } from "./schema/index.ts";

/**
 * Marks the company's figures as changed, inside the transaction that changes them: every write
 * to its synced records or customer profiles calls this, so nothing cached under the old version
 * is served once the change is visible.
 */
export async function touchCompanyData(db: DbOrTx, companyId: string) {
  await db
    .update(companies)
    .set({ dataVersion: sql`${companies.dataVersion} + 1` })
    .where(eq(companies.id, companyId));
}
