import type { HoldFilter } from "@recoup/contracts";
import { and, count, desc, eq, ilike, isNotNull, or, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client.ts";
import { customers, emailMessages, invoices, invoiceThreads } from "../../db/schema/index.ts";
import {
  containsPattern,
  holdFilter,
  invoiceCustomer,
  invoiceRowColumns,
  toInvoiceRow,
} from "../receivables/index.ts";

export interface ThreadListParams {
  companyId: string;
  search: string | undefined;
  /** Only the invoices whose reply waits for someone. */
  waitingOnly: boolean;
  /** Only invoices with an open promise to pay, or with an open dispute. */
  hold: HoldFilter | undefined;
  offset: number;
  limit: number;
}

/**
 * Invoices with a thread, the latest activity first: each with its message count and latest
 * message. Search covers the invoice number, the customer's name and the addresses.
 */
export async function threadInvoices(db: DbOrTx, today: string, p: ThreadListParams) {
  const search: SQL | undefined = p.search
    ? or(
        ilike(invoices.docNumber, containsPattern(p.search)),
        ilike(
          sql`coalesce(${invoices.customerName}, ${customers.displayName}, '')`,
          containsPattern(p.search),
        ),
        ilike(sql`coalesce(${invoices.email}, '')`, containsPattern(p.search)),
      )
    : undefined;
  const latest = db
    .select({
      invoiceQbId: emailMessages.invoiceQbId,
      messages: count().as("messages"),
      lastAt: sql<Date>`max(${emailMessages.at})`.as("last_at"),
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.companyId, p.companyId), isNotNull(emailMessages.invoiceQbId)))
    .groupBy(emailMessages.invoiceQbId)
    .as("latest");
  const waiting = sql`exists (select 1 from ${invoiceThreads} where ${invoiceThreads.companyId} = ${p.companyId}
    and ${invoiceThreads.invoiceQbId} = ${latest.invoiceQbId} and ${invoiceThreads.replyWaitingSince} is not null)`;
  const where = and(
    search,
    p.waitingOnly ? waiting : undefined,
    p.hold ? holdFilter(p.hold, today) : undefined,
  );
  // The page and the count read the same join.
  const joined = <Q extends PgSelect>(query: Q) =>
    query
      .innerJoin(invoices, and(eq(invoices.companyId, p.companyId), eq(invoices.qbId, latest.invoiceQbId)))
      .leftJoin(customers, invoiceCustomer)
      .where(where);
  const [rows, [total]] = await Promise.all([
    joined(
      db
        .select({ ...invoiceRowColumns(today), messages: latest.messages, lastAt: latest.lastAt })
        .from(latest)
        .$dynamic(),
    )
      .orderBy(desc(latest.lastAt), desc(invoices.qbId))
      .limit(p.limit)
      .offset(p.offset),
    joined(db.select({ n: count() }).from(latest).$dynamic()),
  ]);
  return {
    rows: rows.map((r) => ({ invoice: toInvoiceRow(r), messages: Number(r.messages) })),
    total: Number(total?.n ?? 0),
  };
}
