import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { isOverdue, liveInvoices, num, openBalance, rowsOf } from "../receivables/index.ts";
import { invoiceHome } from "./home-currency.repository.ts";

/** The customers owing the most overdue, in home amounts (ties: customer id). */
export async function mostOverdue(db: DbOrTx, companyId: string, today: string, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select top.*, ${customers.displayName} as name, top.oldest_due::text as oldest_due_text,
        ${today}::date - top.oldest_due as days_overdue
      from (
        select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency, count(*) as overdue_invoices,
          sum(${invoices.balanceCents}) as overdue, sum(${invoiceHome(invoices.balanceCents)}) as overdue_home,
          min(${invoices.dueDate}) as oldest_due
        from ${invoices}
        where ${liveInvoices(companyId)} and ${openBalance} and ${isOverdue(today)}
        group by 1, 2 order by overdue_home desc, customer_ref asc limit ${limit}
      ) top
      left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = top.customer_ref
        and ${customers.deletedAt} is null
      order by top.overdue_home desc, top.customer_ref asc`,
  );
  return rows.map((r) => ({
    customerRef: String(r.customer_ref),
    name: (r.name as string | null) ?? `Customer ${r.customer_ref}`,
    currency: String(r.currency),
    overdueCents: num(r.overdue),
    overdueHomeCents: num(r.overdue_home),
    overdueInvoices: num(r.overdue_invoices),
    oldestDueDate: String(r.oldest_due_text),
    daysOverdue: num(r.days_overdue),
  }));
}
