import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, emailTemplates, subscriptions, users } from "../../db/schema/index.ts";

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function insertTemplates(db: DbOrTx, rows: (typeof emailTemplates.$inferInsert)[]) {
  await db.insert(emailTemplates).values(rows);
}

export async function insertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
  await db.insert(subscriptions).values(values);
}

/** Sets the user's company; the caller holds the user's row lock (lockUser). */
export async function attachCompany(db: DbOrTx, userId: string, companyId: string) {
  await db.update(users).set({ companyId, updatedAt: new Date() }).where(eq(users.id, userId));
}

export const lockUser = async (db: DbOrTx, userId: string) =>
  (await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)).for("update"))[0];
