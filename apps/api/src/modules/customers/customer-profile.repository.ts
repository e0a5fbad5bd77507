import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import { customerProfiles } from "../../db/schema/index.ts";

export async function saveProfile(
  db: DbOrTx,
  companyId: string,
  customerRef: string,
  change: { note: string } | { tags: string[] },
) {
  const [row] = await db
    .insert(customerProfiles)
    .values({ companyId, customerQbId: customerRef, ...change })
    .onConflictDoUpdate({
      target: [customerProfiles.companyId, customerProfiles.customerQbId],
      set: { ...change, updatedAt: new Date() },
    })
    .returning();
  // After the write: a figure computed in between is kept under the old version only.
  await touchCompanyData(db, companyId);
  return row!;
}
