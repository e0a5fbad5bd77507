/** The plans' usage: invoices reminded in a month, and those that will count once their reminder goes. */
import { and, countDistinct, eq, gte, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { reminders } from "../../db/schema/index.ts";

/** Distinct invoices that received a reminder (automatic or manual) in [from, to): the plans' usage. */
export async function countInvoicesReminded(db: DbOrTx, companyId: string, from: Date, to: Date) {
  const [row] = await db
    .select({ n: countDistinct(reminders.invoiceQbId) })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        eq(reminders.status, "sent"),
        gte(reminders.sentAt, from),
        lt(reminders.sentAt, to),
      ),
    );
  return Number(row?.n ?? 0);
}
/**
 * The invoices that count against a month's usage, or will once their reminder goes: reminded in
 * it (`from` to `to`), or with a reminder queued.
 */
export async function invoicesCountedIn(db: DbOrTx, companyId: string, from: Date, to: Date) {
  const rows = await db
    .selectDistinct({ id: reminders.invoiceQbId })
    .from(reminders)
    .where(
      and(
        eq(reminders.companyId, companyId),
        or(
          and(eq(reminders.status, "sent"), gte(reminders.sentAt, from), lt(reminders.sentAt, to)),
          eq(reminders.status, "queued"),
        ),
      ),
    );
  return rows.map((r) => r.id);
}
