import type { CustomerRow, CustomerSortField, SortOrder } from "@recoup/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customerProfiles } from "../../db/schema/index.ts";
import { direction, num, openCustomers, pageCustomer, rowsOf } from "../receivables/index.ts";

export interface CustomerListParams {
  companyId: string;
  today: string;
  sortBy: CustomerSortField;
  sortOrder: SortOrder;
  search: string | undefined;
  /** Only these customers, or all but these (the schedule filter, resolved by the service). */
  refs?: { only: string[] } | { except: string[] };
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

/** The customers the list keeps (before its page and count); the refs go as one JSON parameter. */
function kept(refs: CustomerListParams["refs"]): SQL {
  if (!refs) return sql``;
  const list = (values: string[]) =>
    sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
  return "only" in refs
    ? sql`where rows.customer_ref in ${list(refs.only)}`
    : sql`where rows.customer_ref not in ${list(refs.except)}`;
}

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
        ${kept(p.refs)}
        order by ${sql.raw(key)} ${dir}, customer_ref ${dir}
        limit ${p.limit} offset ${p.offset}
      ) page
      ${pageCustomer.join(p.companyId)}
      left join ${customerProfiles} on ${customerProfiles.companyId} = ${p.companyId}
        and ${customerProfiles.customerQbId} = page.customer_ref
      order by ${sql.raw(`page.${key}`)} ${dir}, page.customer_ref ${dir}`,
  );
  const customerRows: Omit<CustomerRow, "schedule">[] = rows.map((r) => ({
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
    sql`select count(*) as n from (${openCustomers(p.companyId, p.today, "balances", { name: false, search: p.search })}) rows ${kept(p.refs)}`,
  );
  return num(row?.n);
}
