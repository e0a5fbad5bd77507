import type { AgingAmounts, AgingRow, AgingSortField, SortOrder } from "@recoup/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { direction, num, openCustomers, pageCustomer, rowsOf } from "../receivables/index.ts";

export interface AgingParams {
  companyId: string;
  today: string;
  sortField: AgingSortField;
  sortOrder: SortOrder;
  search: string | undefined;
}

/** Sort keys of the aging rows (columns of `openCustomers`), from the contract's allow-list. */
const SORT_COLUMNS: Record<AgingSortField, string> = {
  customerName: "name",
  current: "current",
  days1to30: "days1to30",
  days31to60: "days31to60",
  days61to90: "days61to90",
  over90: "over90",
  total: "outstanding",
};

/** One row per customer with an open balance that matches the search (named when `name`). */
const agingRows = (p: AgingParams, name: boolean) =>
  openCustomers(p.companyId, p.today, "buckets", {
    name: name || p.sortField === "customerName",
    search: p.search,
  });

const orderBy = (p: AgingParams, table = "") => {
  const dir = direction(p.sortOrder);
  return sql`order by ${sql.raw(`${table}${SORT_COLUMNS[p.sortField]}`)} ${dir}, ${sql.raw(`${table}customer_ref`)} ${dir}`;
};

type Raw = Record<string, unknown>;
const amounts = (r: Raw): AgingAmounts => ({
  current: num(r.current),
  days1to30: num(r.days1to30),
  days31to60: num(r.days31to60),
  days61to90: num(r.days61to90),
  over90: num(r.over90),
  total: num(r.outstanding),
});
const toRow = (r: Raw): AgingRow => ({
  customerRef: String(r.customer_ref),
  customerName: String(r.name),
  currency: String(r.currency),
  ...amounts(r),
});

/**
 * A page of the report and its totals per currency over every matching customer, in one
 * statement: the rows are aggregated once and read twice; only the page's customers are named.
 */
export async function agingPage(db: DbOrTx, p: AgingParams & { offset: number; limit: number }) {
  const result = await rowsOf(
    db,
    sql`with rows as materialized (${agingRows(p, false)})
      (select 'row' as kind, page.customer_ref, ${pageCustomer.name} as name, page.currency, page.current,
         page.days1to30, page.days31to60, page.days61to90, page.over90, page.outstanding, 1 as customers
       from (select * from rows ${orderBy(p)} limit ${p.limit} offset ${p.offset}) page
       ${pageCustomer.join(p.companyId)}
       ${orderBy(p, "page.")})
      union all
      (select 'total', null, null, currency, sum(current), sum(days1to30), sum(days31to60), sum(days61to90),
         sum(over90), sum(outstanding), count(*) from rows group by currency order by currency)`,
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
  const column = SORT_COLUMNS[p.sortField];
  const after = p.sortOrder === "asc" ? ">" : "<";
  let last: Raw | undefined;
  for (;;) {
    const keyset = last
      ? sql`where (${sql.raw(column)}, customer_ref) ${sql.raw(after)} (${last[column]}, ${last.customer_ref})`
      : sql``;
    const batch = await rowsOf(
      db,
      sql`select * from (${agingRows(p, true)}) rows ${keyset} ${orderBy(p)} limit ${batchSize}`,
    );
    if (batch.length > 0) yield batch.map(toRow);
    if (batch.length < batchSize) return;
    last = batch.at(-1);
  }
}
