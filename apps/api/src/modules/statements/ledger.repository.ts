/** What a statement reads of the synced ledger: the customer, its open invoices and its credits. */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { creditMemos, customerContacts, customers, invoices, payments } from "../../db/schema/index.ts";
import { liveInvoices, num, openBalance, rowsOf } from "../receivables/index.ts";

export async function findCustomer(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({
      customerRef: customers.qbId,
      name: customers.displayName,
      companyName: customers.companyName,
      email: customers.email,
    })
    .from(customers)
    .where(
      and(eq(customers.companyId, companyId), eq(customers.qbId, customerRef), isNull(customers.deletedAt)),
    );
  return row;
}

/** The customer's open invoices, oldest first. */
export function openInvoices(db: DbOrTx, companyId: string, customerRef: string) {
  return db
    .select({
      id: invoices.qbId,
      docNumber: invoices.docNumber,
      txnDate: invoices.txnDate,
      dueDate: invoices.dueDate,
      currency: invoices.currency,
      totalCents: invoices.totalCents,
      balanceCents: invoices.balanceCents,
    })
    .from(invoices)
    .where(and(liveInvoices(companyId), eq(invoices.customerQbId, customerRef), openBalance))
    .orderBy(asc(invoices.txnDate), sql`${invoices.dueDate} asc nulls last`, asc(invoices.qbId));
}

/**
 * What the customers have in credit: credit memos with something left to apply, and payments with
 * an unapplied part (both synced, not deleted). Their own open amount is `open_cents`.
 */
const openCreditRows = (companyId: string, customerRefs: string[]) => {
  const of = (t: typeof creditMemos | typeof payments) =>
    sql`${t.companyId} = ${companyId} and ${inArray(t.customerQbId, customerRefs)} and ${t.deletedAt} is null`;
  return sql`
    select 'credit_memo' as kind, ${creditMemos.qbId} as id, ${creditMemos.docNumber} as doc_number,
      ${creditMemos.customerQbId} as customer_ref, ${creditMemos.txnDate}::text as txn_date,
      ${creditMemos.currency} as currency, ${creditMemos.totalCents} as total_cents,
      ${creditMemos.remainingCents} as open_cents
    from ${creditMemos} where ${of(creditMemos)} and ${creditMemos.remainingCents} > 0
    union all
    select 'payment', ${payments.qbId}, null, ${payments.customerQbId}, ${payments.txnDate}::text,
      ${payments.currency}, ${payments.totalCents}, ${payments.unappliedCents}
    from ${payments} where ${of(payments)} and ${payments.unappliedCents} > 0`;
};

/** The customer's credits, as a statement lists them. */
export async function openCredits(db: DbOrTx, companyId: string, customerRef: string) {
  const rows = await rowsOf(db, openCreditRows(companyId, [customerRef]));
  return rows.map((r) => ({
    kind: r.kind as "credit_memo" | "payment",
    id: String(r.id),
    docNumber: (r.doc_number as string | null) ?? null,
    txnDate: String(r.txn_date),
    currency: String(r.currency),
    totalCents: num(r.total_cents),
    openCents: num(r.open_cents),
  }));
}

/**
 * What each customer of the company owes per currency: open invoices less unapplied credits.
 * Only customers with an open invoice are read (the `invoices_open_by_customer` index); `only`
 * narrows them to some.
 */
export async function balancesOwed(db: DbOrTx, companyId: string, only?: string[]) {
  const owed = await db
    .select({
      customerRef: invoices.customerQbId,
      currency: invoices.currency,
      cents: sql<string>`sum(${invoices.balanceCents})`,
    })
    .from(invoices)
    .where(and(liveInvoices(companyId), openBalance, only ? inArray(invoices.customerQbId, only) : undefined))
    .groupBy(invoices.customerQbId, invoices.currency);
  const refs = [...new Set(owed.map((o) => o.customerRef))];
  if (refs.length === 0) return [];
  const credits = await rowsOf(
    db,
    sql`select customer_ref, currency, sum(open_cents) as cents from (${openCreditRows(companyId, refs)}) c
      group by customer_ref, currency`,
  );
  const key = (ref: unknown, currency: unknown) => `${currency}\u0000${ref}`;
  const credit = new Map(credits.map((c) => [key(c.customer_ref, c.currency), num(c.cents)]));
  return owed.map((r) => ({
    customerRef: r.customerRef,
    currency: r.currency,
    netCents: Number(r.cents) - (credit.get(key(r.customerRef, r.currency)) ?? 0),
  }));
}

/**
 * The customers' billing contacts whose address has not bounced, by customer: `statementAddresses`
 * (contracts) for many customers at once, for the monthly run.
 */
export async function billingAddresses(db: DbOrTx, companyId: string, customerRefs: string[]) {
  const byCustomer = new Map<string, string[]>();
  if (customerRefs.length === 0) return byCustomer;
  const rows = await db
    .select({ customerRef: customerContacts.customerQbId, email: customerContacts.email })
    .from(customerContacts)
    .where(
      and(
        eq(customerContacts.companyId, companyId),
        inArray(customerContacts.customerQbId, customerRefs),
        eq(customerContacts.role, "billing"),
        isNull(customerContacts.bouncedAt),
      ),
    )
    .orderBy(asc(customerContacts.createdAt), asc(customerContacts.email));
  for (const r of rows) byCustomer.set(r.customerRef, [...(byCustomer.get(r.customerRef) ?? []), r.email]);
  return byCustomer;
}
