import type { CustomerRow, CustomerSortField, SortOrder } from "@recoup/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { touchCompanyData } from "../../db/data-version.ts";
import {
  creditMemos,
  customerProfiles,
  customers,
  invoices,
  paymentApplications,
  payments,
} from "../../db/schema/index.ts";
import { direction, liveInvoices, num, openCustomers, pageCustomer, rowsOf } from "../receivables/index.ts";

export interface CustomerListParams {
  companyId: string;
  today: string;
  sortBy: CustomerSortField;
  sortOrder: SortOrder;
  search: string | undefined;
  offset: number;
  limit: number;
}

const SORT_COLUMNS: Record<CustomerSortField, string> = {
  name: "name",
  email: "email",
  openInvoices: "open_invoices",
  outstanding: "outstanding",
  overdue: "overdue",
  oldestDueDate: "oldest_due",
};

/** Customers with an open balance, from one aggregate; only the page is named; the total rides along. */
export async function listCustomers(db: DbOrTx, p: CustomerListParams) {
  const dir = direction(p.sortOrder);
  const key = SORT_COLUMNS[p.sortBy];
  const name = p.sortBy === "name" || p.sortBy === "email";
  const rows = await rowsOf(
    db,
    sql`select page.customer_ref, ${pageCustomer.name} as name, ${pageCustomer.table.email} as email, page.currency,
        page.open_invoices, page.outstanding, page.overdue, page.oldest_due::text as oldest_due,
        coalesce(${customerProfiles.tags}, '{}') as tags, page.matching
      from (
        select rows.*, count(*) over () as matching
        from (${openCustomers(p.companyId, p.today, "balances", { name, search: p.search })}) rows
        order by ${sql.raw(key)} ${dir}, customer_ref ${dir}
        limit ${p.limit} offset ${p.offset}
      ) page
      ${pageCustomer.join(p.companyId)}
      left join ${customerProfiles} on ${customerProfiles.companyId} = ${p.companyId}
        and ${customerProfiles.customerQbId} = page.customer_ref
      order by ${sql.raw(`page.${key}`)} ${dir}, page.customer_ref ${dir}`,
  );
  const customerRows: CustomerRow[] = rows.map((r) => ({
    customerRef: String(r.customer_ref),
    name: String(r.name),
    email: (r.email as string | null) ?? null,
    currency: String(r.currency),
    openInvoices: num(r.open_invoices),
    outstandingCents: num(r.outstanding),
    overdueCents: num(r.overdue),
    oldestDueDate: (r.oldest_due as string | null) ?? null,
    tags: r.tags as string[],
  }));
  return { rows: customerRows, total: rows.length ? num(rows[0]!.matching) : undefined };
}

/** How many customers the list would show (for a page past the end, where no row carries it). */
export async function countCustomers(db: DbOrTx, p: Omit<CustomerListParams, "offset" | "limit">) {
  const [row] = await rowsOf(
    db,
    sql`select count(*) as n from (${openCustomers(p.companyId, p.today, "balances", { name: false, search: p.search })}) rows`,
  );
  return num(row?.n);
}

export async function findCustomer(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({
      customer: customers,
      note: customerProfiles.note,
      tags: customerProfiles.tags,
    })
    .from(customers)
    .leftJoin(
      customerProfiles,
      and(
        eq(customerProfiles.companyId, customers.companyId),
        eq(customerProfiles.customerQbId, customers.qbId),
      ),
    )
    .where(
      and(eq(customers.companyId, companyId), eq(customers.qbId, customerRef), isNull(customers.deletedAt)),
    );
  return row;
}

export async function countPaidInvoices(db: DbOrTx, companyId: string, customerRef: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        liveInvoices(companyId),
        eq(invoices.customerQbId, customerRef),
        sql`not ${invoices.voided} and ${invoices.balanceCents} <= 0`,
      ),
    );
  return num(row?.n);
}

/** A customer's payments and credit memos (newest first), with what each applied to which invoice. */
export async function paymentHistory(db: DbOrTx, companyId: string, customerRef: string) {
  const [pays, memos] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.companyId, companyId),
          eq(payments.customerQbId, customerRef),
          isNull(payments.deletedAt),
        ),
      ),
    db
      .select()
      .from(creditMemos)
      .where(
        and(
          eq(creditMemos.companyId, companyId),
          eq(creditMemos.customerQbId, customerRef),
          isNull(creditMemos.deletedAt),
        ),
      ),
  ]);
  const sourceIds = [...pays, ...memos].map((s) => s.qbId);
  const applied = sourceIds.length
    ? await db
        .select({
          sourceType: paymentApplications.sourceType,
          sourceQbId: paymentApplications.sourceQbId,
          invoiceId: paymentApplications.invoiceQbId,
          docNumber: invoices.docNumber,
          amountCents: paymentApplications.amountCents,
        })
        .from(paymentApplications)
        .leftJoin(
          invoices,
          and(
            eq(invoices.companyId, paymentApplications.companyId),
            eq(invoices.qbId, paymentApplications.invoiceQbId),
          ),
        )
        .where(
          and(
            eq(paymentApplications.companyId, companyId),
            inArray(paymentApplications.sourceQbId, sourceIds),
          ),
        )
        .orderBy(paymentApplications.line)
    : [];
  return { payments: pays, creditMemos: memos, applied };
}

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
