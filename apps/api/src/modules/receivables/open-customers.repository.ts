import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { customerSearchText, customers, invoices } from "../../db/schema/index.ts";
import { AGING_BUCKETS, agingBucket, liveInvoices, openBalance, today } from "./invoice-terms.repository.ts";
import { containsPattern } from "./list-queries.repository.ts";

/**
 * Every open balance of a company grouped by customer (and currency, which QuickBooks fixes per
 * customer): one pass over the `invoices_open_by_customer` index, in the customer's currency.
 * The customer list wants counts and overdue; the aging report wants the buckets.
 */
export const openByCustomer = (
  companyId: string,
  date: string,
  figures: "balances" | "buckets",
  search?: string,
) => {
  const sumWhere = (where: SQL) => sql`coalesce(sum(balance) filter (where ${where}), 0)`;
  return sql`
  select customer_ref, currency, sum(balance) as outstanding,
    ${
      figures === "balances"
        ? sql`count(*)::int as open_invoices, min(due_date) as oldest_due,
            ${sumWhere(sql`due_date < ${today(date)}`)} as overdue`
        : sql.join(
            AGING_BUCKETS.map((name, i) => sql`${sumWhere(sql.raw(`bucket = ${i}`))} as ${sql.raw(name)}`),
            sql`, `,
          )
    }
  from (
    select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency,
      ${invoices.balanceCents} as balance, ${invoices.dueDate} as due_date, ${agingBucket(date)} as bucket
    from ${invoices}
    where ${liveInvoices(companyId)} and ${openBalance}
      ${search === undefined ? sql`` : sql`and ${invoices.customerQbId} in (${customersMatching(companyId, search)})`}
  ) open_invoices
  group by customer_ref, currency`;
};

/**
 * Customers with an open balance (the `openByCustomer` figures, those matching the search),
 * joined to their customer record only when the sort needs its name or email; otherwise only
 * the page is named afterwards (`pageCustomer`), which saves reading every customer.
 */
export const openCustomers = (
  companyId: string,
  date: string,
  figures: "balances" | "buckets",
  named: { name: boolean; search: string | undefined },
) => sql`
  select open.*${named.name ? sql`, ${customerName(customers.displayName, sql`open.customer_ref`)} as name, ${customers.email} as email` : sql``}
  from (${openByCustomer(companyId, date, figures, named.search)}) open
  ${named.name ? sql`left join ${customers} on ${customers.companyId} = ${companyId} and ${customers.qbId} = open.customer_ref and ${customers.deletedAt} is null` : sql``}`;

/** The customers whose name or email contains the text (through the trigram index). */
const customersMatching = (companyId: string, search: string) =>
  sql`select ${customers.qbId} from ${customers} where ${customers.companyId} = ${companyId}
    and ${customers.deletedAt} is null and ${customerSearchText(customers)} ilike ${containsPattern(search)}`;

/** A customer's name, or a stand-in for a customer QuickBooks did not send. */
const customerName = (displayName: SQLWrapper, ref: SQL) =>
  sql`coalesce(${displayName}, 'Customer ' || ${ref})`;

/** The customer record of each row of a page (alias `page`), and its name. */
const pageCustomers = alias(customers, "page_customer"); // joined below as `customers page_customer`
export const pageCustomer = {
  table: pageCustomers,
  join: (companyId: string) =>
    sql`left join ${customers} ${sql.identifier("page_customer")} on ${pageCustomers.companyId} = ${companyId} and ${pageCustomers.qbId} = page.customer_ref and ${pageCustomers.deletedAt} is null`,
  name: customerName(pageCustomers.displayName, sql`page.customer_ref`),
};
