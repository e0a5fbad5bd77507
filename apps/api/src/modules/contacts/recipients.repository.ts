/** What a reminder's recipients are chosen from (decision 0018): the customers' contacts and the addresses that bounced. */
import { and, asc, type Column, desc, eq, type SQL, sql } from "drizzle-orm";
import { anyOf } from "../../db/any-of.ts";
import type { DbOrTx } from "../../db/client.ts";
import { addressBounces, customerContacts, customers } from "../../db/schema/index.ts";

/** The customer's first address (what QuickBooks bills) comes first among QuickBooks' contacts, as Customer Details lists them. */
const firstAddress = sql`(select lower(${customers.email}) from ${customers}
  where ${customers.companyId} = ${customerContacts.companyId} and ${customers.qbId} = ${customerContacts.customerQbId})`;
const listed = [
  desc(customerContacts.inQuickbooks),
  sql`${customerContacts.email} = ${firstAddress} desc nulls last`,
  asc(customerContacts.createdAt),
  asc(customerContacts.email),
];

/** These customers' contacts, each customer's in the order Customer Details lists them. */
export async function recipientContacts(db: DbOrTx, companyId: string, customerRefs: readonly string[]) {
  if (customerRefs.length === 0) return [];
  return db
    .select({
      customerRef: customerContacts.customerQbId,
      email: customerContacts.email,
      role: customerContacts.role,
      bounceReason: customerContacts.bounceReason,
      bounced: sql<boolean>`${customerContacts.bouncedAt} is not null`,
    })
    .from(customerContacts)
    .where(
      and(eq(customerContacts.companyId, companyId), anyOf(customerContacts.customerQbId, [...customerRefs])),
    )
    .orderBy(asc(customerContacts.customerQbId), ...listed);
}
export type RecipientContact = Awaited<ReturnType<typeof recipientContacts>>[number];

/** Which of these addresses bounced (for the company, whoever had them), with what the bounce said. */
export async function bouncedAddresses(db: DbOrTx, companyId: string, addresses: readonly string[]) {
  if (addresses.length === 0) return new Map<string, string | null>();
  const rows = await db
    .select({ email: addressBounces.email, reason: addressBounces.reason })
    .from(addressBounces)
    .where(
      and(eq(addressBounces.companyId, companyId), anyOf(addressBounces.email, [...new Set(addresses)])),
    );
  return new Map(rows.map((r) => [r.email, r.reason]));
}

/**
 * The customer's first billing contact that has not bounced, as SQL over an invoice's company and
 * customer: whom a reminder goes to when the invoice has no `BillEmail`.
 */
export const firstBillingAddress = (companyId: SQL | Column, customerRef: SQL | Column) =>
  sql<string | null>`(select ${customerContacts.email} from ${customerContacts}
    where ${customerContacts.companyId} = ${companyId} and ${customerContacts.customerQbId} = ${customerRef}
      and ${customerContacts.role} = 'billing' and ${customerContacts.bouncedAt} is null
    order by ${sql.join(listed, sql`, `)} limit 1)`;

/** A customer's contacts' addresses, for the sender check. */
export async function contactAddresses(db: DbOrTx, companyId: string, customerRef: string) {
  const rows = await db
    .select({ email: customerContacts.email })
    .from(customerContacts)
    .where(and(eq(customerContacts.companyId, companyId), eq(customerContacts.customerQbId, customerRef)));
  return rows.map((r) => r.email);
}

/** The customer's first billing contact that has not bounced, or null. */
export async function firstBillingContact(db: DbOrTx, companyId: string, customerRef: string) {
  const result = await db.execute(
    sql`select ${firstBillingAddress(sql`${companyId}::uuid`, sql`${customerRef}`)} as "email"`,
  );
  return (result as unknown as { rows: { email: string | null }[] }).rows[0]?.email ?? null;
}
