import type { HoldFilter, InvoiceSortField, InvoiceStatusFilter, SortOrder } from "@recoup/contracts";
import { and, eq, ilike, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoiceSearchText, invoices } from "../../db/schema/index.ts";
import {
  containsPattern,
  daysOverdue,
  direction,
  holdFilter,
  invoiceCustomer,
  invoiceRowColumns,
  invoiceStatusRank,
  isOverdue,
  liveInvoices,
  openBalance,
  toInvoiceRow,
} from "../receivables/index.ts";

export interface InvoiceListParams {
  companyId: string;
  today: string;
  sortField: InvoiceSortField;
  sortOrder: SortOrder;
  search: string | undefined;
  status: InvoiceStatusFilter | undefined;
  customerRef: string | undefined;
  hold: HoldFilter | undefined;
  offset: number;
  limit: number;
}

const statusFilter = (status: InvoiceStatusFilter, today: string): SQL => {
  switch (status) {
    case "voided":
      return sql`${invoices.voided}`;
    case "paid":
      return sql`not ${invoices.voided} and ${invoices.balanceCents} <= 0`;
    case "unpaid":
      return openBalance;
    case "overdue":
      return sql`${openBalance} and ${isOverdue(today)}`;
    case "open":
      return sql`${openBalance} and not coalesce(${isOverdue(today)}, false)`;
  }
};

/** The sort key of each allowed field; the invoice id breaks ties in the same direction. */
const sortKey = (field: InvoiceSortField, today: string): SQLWrapper =>
  ({
    docNumber: invoices.docNumber,
    customerName: invoices.customerName,
    txnDate: invoices.txnDate,
    dueDate: invoices.dueDate,
    total: invoices.totalCents,
    balance: invoices.balanceCents,
    status: invoiceStatusRank(today),
    daysOverdue: daysOverdue(today),
  })[field];

const listWhere = (p: Omit<InvoiceListParams, "sortField" | "sortOrder" | "offset" | "limit">) =>
  and(
    liveInvoices(p.companyId),
    p.status ? statusFilter(p.status, p.today) : undefined,
    p.customerRef !== undefined ? eq(invoices.customerQbId, p.customerRef) : undefined,
    p.hold ? holdFilter(p.hold, p.today) : undefined,
    p.search ? ilike(invoiceSearchText(invoices), containsPattern(p.search)) : undefined,
  );

/**
 * One page of invoices. The page's ids come first from the sort's index alone (a deep page skips
 * index entries, not rows and joins); only those ten rows are then read with their customer.
 */
export async function invoicePage(db: DbOrTx, p: InvoiceListParams) {
  const order = direction(p.sortOrder);
  const orderBy = [sql`${sortKey(p.sortField, p.today)} ${order}`, sql`${invoices.qbId} ${order}`];
  const page = db
    .select({ id: sql<string>`${invoices.qbId}`.as("page_id") })
    .from(invoices)
    .where(listWhere(p))
    .orderBy(...orderBy)
    .limit(p.limit)
    .offset(p.offset)
    .as("page");
  const rows = await db
    .select(invoiceRowColumns(p.today))
    .from(page)
    .innerJoin(invoices, and(eq(invoices.companyId, p.companyId), eq(invoices.qbId, page.id)))
    .leftJoin(customers, invoiceCustomer)
    .orderBy(...orderBy);
  return rows.map(toInvoiceRow);
}

/** How many invoices match the list's filters, over all pages. */
export async function countInvoices(
  db: DbOrTx,
  p: Omit<InvoiceListParams, "sortField" | "sortOrder" | "offset" | "limit">,
) {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(listWhere(p));
  return Number(count?.n ?? 0);
}
