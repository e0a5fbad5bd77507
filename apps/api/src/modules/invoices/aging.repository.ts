import type { AgingAmounts, AgingRow, AgingSortField, SortOrder } from "@recoup/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { customerSearchText, customers } from "../../db/schema/index.ts";
import { containsPattern, direction, num, openByCustomer, rowsOf } from "./invoice-sql.ts";

export interface AgingParams {
  companyId: string;
  today: string;
  sortField: AgingSortField;
  sortOrder: SortOrder;
  search: string | undefined;
}

/** Sort keys of the aging rows (columns of `agingRows`), from the contract's allow-list. */
const SORT_COLUMNS: Record<AgingSortField, string> = {
  customerName: "customer_name",
  current: "current",
  days1to30: "days1to30",
  days31to60: "days31to60",
  days61to90: "days61to90",
  over90: "over90",
  total: "total",
};

/** One row per customer with an open balance that matches the search. */
const agingRows = (p: AgingParams) => sql`
  select open.customer_ref, coalesce(${customers.displayName}, 'Customer ' || open.customer_ref) as customer_name,
    open.currency, open.current, open.days1to30, open.days31to60, open.days61to90, open.over90,
    open.outstanding as total
  from (${openByCustomer(p.companyId, p.today, "buckets")}) open
  left join ${customers} on ${customers.companyId} = ${p.companyId} and ${customers.qbId} = open.customer_ref
    and ${customers.deletedAt} is null
  ${p.search ? sql`where ${customerSearchText(customers)} ilike ${containsPattern(p.search)}` : sql``}`;

const orderBy = (p: AgingParams) => {
  const dir = direction(p.sortOrder);
  return sql`order by ${sql.raw(SORT_COLUMNS[p.sortField])} ${dir}, customer_ref ${dir}`;
};

type Raw = Record<string, unknown>;
const amounts = (r: Raw): AgingAmounts => ({
  current: num(r.current),
  days1to30: num(r.days1to30),
  days31to60: num(r.days31to60),
  days61to90: num(r.days61to90),
  over90: num(r.over90),
  total: num(r.total),
});
const toRow = (r: Raw): AgingRow => ({
  customerRef: String(r.customer_ref),
  customerName: String(r.customer_name),
  currency: String(r.currency),
  ...amounts(r),
});

/**
 * A page of the report and its totals per currency over every matching customer, in one
 * statement: the rows are aggregated once and read twice.
 */
export async function agingPage(db: DbOrTx, p: AgingParams & { offset: number; limit: number }) {
  const result = await rowsOf(
    db,
    sql`with rows as materialized (${agingRows(p)})
      (select 'row' as kind, rows.*, 1 as customers from rows ${orderBy(p)} limit ${p.limit} offset ${p.offset})
      union all
      (select 'total', null, null, currency, sum(current), sum(days1to30), sum(days31to60), sum(days61to90),
         sum(over90), sum(total), count(*) from rows group by currency order by currency)`,
  );
  const rows = result.filter((r) => r.kind === "row").map(toRow);
  const totals = result
    .filter((r) => r.kind === "total")
    .map((r) => ({ currency: String(r.currency), ...amounts(r) }));
  const total = result.filter((r) => r.kind === "total").reduce((n, r) => n + num(r.customers), 0);
  return { rows, totals, total };
}

/**
 * The whole report in sorted batches, for the CSV: each batch starts after the last row of the
 * previous one (keyset on the sort key and the customer), so memory stays one batch deep.
 */
export async function* agingBatches(db: DbOrTx, p: AgingParams, batchSize = 1000) {
  const column = sql.raw(SORT_COLUMNS[p.sortField]);
  const after = p.sortOrder === "asc" ? sql.raw(">") : sql.raw("<");
  let last: Raw | undefined;
  for (;;) {
    const keyset = last
      ? sql`where (${column}, customer_ref) ${after} (${last[SORT_COLUMNS[p.sortField]]}, ${last.customer_ref})`
      : sql``;
    const batch = await rowsOf(
      db,
      sql`select * from (${agingRows(p)}) rows ${keyset} ${orderBy(p)} limit ${batchSize}`,
    );
    if (batch.length > 0) yield batch.map(toRow);
    if (batch.length < batchSize) return;
    last = batch.at(-1);
  }
}
