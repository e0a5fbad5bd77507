import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, emailMessages, invoices, type SenderCheck } from "../../db/schema/index.ts";
import { contactAddresses } from "../contacts/index.ts";

/**
 * The addresses QuickBooks holds for the customer and for the invoice (each may list several), and
 * the customer's contacts' (every address of its QuickBooks email, and those added in Recoup).
 */
export async function customerAddresses(
  db: DbOrTx,
  companyId: string,
  customerRef: string | null,
  invoiceId: string | null,
) {
  const [customer, invoice, contacts] = await Promise.all([
    customerRef
      ? db
          .select({ email: customers.email })
          .from(customers)
          .where(and(eq(customers.companyId, companyId), eq(customers.qbId, customerRef)))
      : [],
    invoiceId
      ? db
          .select({ email: invoices.email })
          .from(invoices)
          .where(and(eq(invoices.companyId, companyId), eq(invoices.qbId, invoiceId)))
      : [],
    customerRef ? contactAddresses(db, companyId, customerRef) : [],
  ]);
  return [...[...customer, ...invoice].map((r) => r.email), ...contacts].filter((e): e is string =>
    Boolean(e),
  );
}

/**
 * Confirms a held message's sender, once: returns the message when it was held, else undefined
 * (already confirmed, another company's, or never held).
 */
export async function confirmHeld(db: DbOrTx, companyId: string, id: string, userId: string, at: Date) {
  const [row] = await db
    .update(emailMessages)
    .set({
      senderCheck: sql`${emailMessages.senderCheck} || ${JSON.stringify({
        state: "confirmed",
        confirmedBy: userId,
        confirmedAt: at.toISOString(),
      })}::jsonb`,
    })
    .where(
      and(
        eq(emailMessages.companyId, companyId),
        eq(emailMessages.id, id),
        sql`${emailMessages.senderCheck}->>'state' = 'unknown'`,
      ),
    )
    .returning();
  return row as (typeof row & { senderCheck: SenderCheck }) | undefined;
}
