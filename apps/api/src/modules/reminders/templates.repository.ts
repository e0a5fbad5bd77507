import type { TemplateType } from "@recoup/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { companies, emailTemplates, users } from "../../db/schema/index.ts";

export type TemplateRow = typeof emailTemplates.$inferSelect;

export function findTemplates(db: DbOrTx, companyId: string) {
  return db.select().from(emailTemplates).where(eq(emailTemplates.companyId, companyId));
}

export async function findTemplate(db: DbOrTx, companyId: string, type: TemplateType) {
  const [row] = await db
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.type, type)));
  return row;
}

export async function updateTemplate(
  db: DbOrTx,
  companyId: string,
  type: TemplateType,
  values: { subject: string; content: string },
) {
  const [row] = await db
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailTemplates.companyId, companyId), eq(emailTemplates.type, type)))
    .returning();
  return row;
}

export async function updateFollowUpInterval(db: DbOrTx, companyId: string, interval: "7" | "15" | "30") {
  await db
    .update(companies)
    .set({ followUpInterval: interval, updatedAt: new Date() })
    .where(eq(companies.id, companyId));
}

/**
 * What every email of a company needs: its name, locale, zone, signature, logo, interval, and the
 * address replies go to (its first user's).
 */
export async function findCompanyForEmail(db: DbOrTx, companyId: string) {
  const [row] = await db
    .select({
      id: companies.id,
      name: companies.name,
      locale: companies.locale,
      timezone: companies.timezone,
      signature: companies.signature,
      logo: companies.logo,
      logoType: companies.logoType,
      followUpInterval: companies.followUpInterval,
      replyTo: users.email,
    })
    .from(companies)
    .leftJoin(users, eq(users.companyId, companies.id))
    .where(eq(companies.id, companyId))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row;
}
export type CompanyForEmail = NonNullable<Awaited<ReturnType<typeof findCompanyForEmail>>>;
