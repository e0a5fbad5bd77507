import type { AgeReportQuery, AgingAmounts, AgingRow, AgingSortField, SortOrder } from "@recoup/contracts";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { invoiceDisputes, invoices } from "../../db/schema/index.ts";
import {
  AGING_BUCKETS,
  agingBucket,
  direction,
  liveInvoices,
  num,
  openBalance,
  openCustomers,
  pageCustomer,
  rowsOf,
} from "../receivables/index.ts";

export type DisputedChoice = NonNullable<AgeReportQuery["disputed"]>;

export interface AgingParams {
  companyId: string;
  today: string;
  sortField: AgingSortField;
  sortOrder: SortOrder;
  search: string | undefined;
  /** Invoices with an open dispute: counted (the default), or left out of the rows and totals. */
  disputed?: DisputedChoice;
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

/** The amount columns of an aging row, as `openCustomers` names them. */
const AMOUNT_COLUMNS = [...AGING_BUCKETS, "outstanding"] as const;

/**
 * Per customer and currency, the open invoices under an open dispute: their count and buckets.
 * Read from the disputes (few) to their invoices.
 */
const disputedByCustomer = (companyId: string, today: string) => {
  const inBucket = (i: number) =>
    sql`coalesce(sum(${invoices.balanceCents}) filter (where ${agingBucket(today)} = ${sql.raw(String(i))}), 0)`;
  return sql`select ${invoices.customerQbId} as customer_ref, ${invoices.currency} as currency,
      count(*) as invoices, sum(${invoices.balanceCents}) as outstanding,
      ${sql.join(
        AGING_BUCKETS.map((name, i) => sql`${inBucket(i)} as ${sql.raw(name)}`),
        sql`, `,
      )}
    from ${invoiceDisputes}
    join ${invoices} on ${invoices.companyId} = ${companyId} and ${invoices.qbId} = ${invoiceDisputes.invoiceQbId}
    where ${invoiceDisputes.companyId} = ${companyId} and ${invoiceDisputes.resolvedAt} is null
      and ${liveInvoices(companyId)} and ${openBalance}
    group by 1, 2`;
};

/**
 * One row per customer with an open balance that matches the search (named when `name`). Leaving
 * disputed invoices out subtracts their buckets from their customer's; a customer left owing
 * nothing else drops out.
 */
const agingRows = (p: AgingParams, name: boolean) => {
  const named = name || p.sortField === "customerName";
  const owed = openCustomers(p.companyId, p.today, "buckets", { name: named, search: p.search });
  if ((p.disputed ?? "include") === "include") return owed;
  const less = AMOUNT_COLUMNS.map((c) => sql.raw(`owed.${c} - coalesce(held.${c}, 0) as ${c}`));
  return sql`select owed.customer_ref, owed.currency${named ? sql`, owed.name, owed.email` : sql``},
      ${sql.join(less, sql`, `)}
    from (${owed}) owed
    left join (${disputedByCustomer(p.companyId, p.today)}) held
      on held.customer_ref = owed.customer_ref and held.currency = owed.currency
    where owed.outstanding > coalesce(held.outstanding, 0)`;
};

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

/**
 * The disputed invoices of the matching customers, summed per currency (the report's 'Disputed'
 * lines when they are shown apart).
 */
export async function agingDisputed(db: DbOrTx, p: AgingParams) {
  const matching =
    p.search === undefined
      ? sql``
      : sql`where held.customer_ref in (select customer_ref from (${openCustomers(p.companyId, p.today, "buckets", { name: false, search: p.search })}) owed)`;
  const sums = AMOUNT_COLUMNS.map((c) => sql.raw(`sum(held.${c}) as ${c}`));
  const rows = await rowsOf(
    db,
    sql`select held.currency, sum(held.invoices) as invoices, ${sql.join(sums, sql`, `)}
      from (${disputedByCustomer(p.companyId, p.today)}) held ${matching}
      group by held.currency order by held.currency`,
  );
  return rows.map((r) => ({ currency: String(r.currency), invoices: num(r.invoices), ...amounts(r) }));
}

/**
 * The invoices under an open dispute, as one short key: leaving them out or apart changes the
 * report when this set changes, which the synced data's version does not follow.
 */
export async function openDisputesKey(db: DbOrTx, companyId: string) {
  const [row] = await rowsOf(
    db,
    sql`select md5(coalesce(string_agg(${invoiceDisputes.invoiceQbId}, ',' order by ${invoiceDisputes.invoiceQbId}), '')) as key
      from ${invoiceDisputes}
      where ${invoiceDisputes.companyId} = ${companyId} and ${invoiceDisputes.resolvedAt} is null`,
  );
  return String(row?.key);
}
