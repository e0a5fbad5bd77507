import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, emailTemplates, users } from "../../db/schema/index.ts";

export async function findProfile(db: DbOrTx, userId: string, companyId: string) {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      profilePic: users.profilePic,
      profilePicType: users.profilePicType,
      logo: companies.logo,
      logoType: companies.logoType,
      signature: companies.signature,
      howToPay: companies.howToPay,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    .limit(1);
  return rows[0];
}

export async function updateUserProfile(
  db: DbOrTx,
  userId: string,
  values: Partial<typeof users.$inferInsert>,
) {
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function updateCompany(
  db: DbOrTx,
  companyId: string,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

export async function findTemplates(db: DbOrTx, companyId: string) {
  const [templates, company] = await Promise.all([
    db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId)),
    db
      .select({ signature: companies.signature, followUpInterval: companies.followUpInterval })
      .from(companies)
      .where(eq(companies.id, companyId)),
  ]);
  return { templates, company: company[0] };
}
