import { and, eq, isNotNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/index.ts";

/** The company's users with a verified address: who hears of a customer's promise or dispute. */
export function verifiedUsers(db: DbOrTx, companyId: string) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), isNotNull(users.emailVerifiedAt)));
}
