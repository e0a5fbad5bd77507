/** Customers with an open balance Recoup cannot write to (decision 0017). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customerContacts, customers, invoices } from "../../db/schema/index.ts";
import { liveInvoices, num, openBalance, rowsOf } from "../receivables/index.ts";
import { invoiceHome } from "./home-currency.repository.ts";

/**
 * The customers with an open balance, no contact whose emails have not bounced, and no open
 * invoice with a BillEmail; those owing the most first (home amounts, ties: customer id), and how
 * many in all. The balances come from the `invoices_open_by_customer` index alone; contacts and
 * BillEmails are looked up for those customers only.
 */
export async function customersWithoutEmail(db: DbOrTx, companyId: string, limit: number) {
  const rows = await rowsOf(
    db,
    sql`select o.*, ${customers.displayName} as name, count(*) over () as total
      from (
        select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency, count(*) as open_invoices,
          sum(${invoices.balanceCents}) as outstanding, sum(${invoiceHome(invoices.balanceCents)}) as outstanding_home
        from ${invoices} where ${liveInvoices(companyId)} and ${openBalance}
        group by 1, 2
      ) o
      left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = o.customer_ref
        and ${customers.deletedAt} is null
      where not exists (
          select 1 from ${customerContacts} where ${customerContacts.companyId} = ${companyId}
            and ${customerContacts.customerQbId} = o.customer_ref and ${customerContacts.bouncedAt} is null)
        and not exists (
          select 1 from ${invoices} where ${liveInvoices(companyId)} and ${openBalance}
            and ${invoices.customerQbId} = o.customer_ref and ${invoices.email} is not null)
      order by o.outstanding_home desc, o.customer_ref asc limit ${limit}`,
  );
  return {
    total: num(rows[0]?.total),
    customers: rows.map((r) => ({
      customerRef: String(r.customer_ref),
      name: (r.name as string | null) ?? `Customer ${r.customer_ref}`,
      currency: String(r.currency),
      openInvoices: num(r.open_invoices),
      outstandingCents: num(r.outstanding),
    })),
  };
}
