/** The company's sending address and DKIM key (decision 0022). */
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companySending } from "../../db/schema/index.ts";

export type SendingRow = typeof companySending.$inferSelect;
export type NewSending = Omit<typeof companySending.$inferInsert, "updatedAt">;

export async function findSending(db: DbOrTx, companyId: string) {
  const [row] = await db.select().from(companySending).where(eq(companySending.companyId, companyId));
  return row;
}

export async function saveSendingRow(db: DbOrTx, row: NewSending) {
  const values = { ...row, updatedAt: sql`now()` };
  await db
    .insert(companySending)
    .values(values)
    .onConflictDoUpdate({ target: companySending.companyId, set: values });
}

export async function markChecked(db: DbOrTx, companyId: string, verifiedAt: Date | null, checkedAt: Date) {
  await db
    .update(companySending)
    .set({ verifiedAt, checkedAt, updatedAt: sql`now()` })
    .where(eq(companySending.companyId, companyId));
}

export async function deleteSending(db: DbOrTx, companyId: string) {
  await db.delete(companySending).where(eq(companySending.companyId, companyId));
}
