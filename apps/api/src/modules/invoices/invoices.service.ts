import type {
  AgeReportResponse,
  ageReportQuerySchema,
  InvoiceListResponse,
  invoiceListQuerySchema,
} from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { notFound } from "../../lib/errors.ts";
import { companyToday, customerExists, searchTerm } from "../receivables/index.ts";
import { withReminderColumns } from "../reminders/index.ts";
import { agingBatches, agingDisputed, agingPage, openDisputesKey } from "./aging.repository.ts";
import { countInvoices, invoicePage } from "./invoices.repository.ts";

export async function listInvoices(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof invoiceListQuerySchema>,
): Promise<InvoiceListResponse["data"]> {
  const clock = await companyToday(ctx, companyId);
  const { today } = clock;
  if (q.customerRef !== undefined && !(await customerExists(ctx.db, companyId, q.customerRef))) {
    throw notFound("No such customer.");
  }
  const filters = {
    companyId,
    today,
    search: searchTerm(q.searchQuery),
    status: q.status,
    customerRef: q.customerRef,
    hold: q.hold,
  };
  // The count reads every matching index entry; it changes only with the data, so it is kept
  // (not with a filter on holds: they change without the synced data).
  const [rows, total] = await Promise.all([
    invoicePage(ctx.db, {
      ...filters,
      sortField: q.sortField,
      sortOrder: q.sortOrder,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    }),
    filters.hold
      ? countInvoices(ctx.db, filters)
      : ctx.cache.get(
          clock,
          JSON.stringify(["invoice-count", today, filters.status, filters.customerRef, filters.search]),
          () => countInvoices(ctx.db, filters),
        ),
  ]);
  const invoices = await withReminderColumns(ctx, companyId, rows);
  return { invoices, total, page: q.page, limit: q.limit, asOf: today };
}

type AgeReportQuery = z.infer<typeof ageReportQuerySchema>;
const agingParams = (companyId: string, today: string, q: AgeReportQuery) => ({
  companyId,
  today,
  sortField: q.sortField,
  sortOrder: q.sortOrder,
  search: searchTerm(q.searchQuery),
  disputed: q.disputed,
});

export async function ageReport(
  ctx: AppContext,
  companyId: string,
  q: AgeReportQuery,
): Promise<AgeReportResponse["data"]> {
  const clock = await companyToday(ctx, companyId);
  const { today } = clock;
  const params = { ...agingParams(companyId, today, q), offset: (q.page - 1) * q.size, limit: q.size };
  // Every customer's buckets are aggregated for the totals row: kept until the data changes (or,
  // with disputed invoices out or apart, the set of them).
  const disputes = q.disputed === "include" ? null : await openDisputesKey(ctx.db, companyId);
  const key = JSON.stringify(["aging-page", params, disputes]);
  const page = await ctx.cache.get(clock, key, async () => {
    const [page, disputed] = await Promise.all([
      agingPage(ctx.db, params),
      q.disputed === "apart" ? agingDisputed(ctx.db, params) : [],
    ]);
    return { ...page, disputed };
  });
  return { ...page, page: q.page, size: q.size, asOf: today };
}

/** The whole report, batch by batch, for the CSV export; with `apart`, the disputed lines after. */
export async function ageReportBatches(ctx: AppContext, companyId: string, q: AgeReportQuery) {
  const { today } = await companyToday(ctx, companyId);
  const params = agingParams(companyId, today, q);
  return {
    asOf: today,
    batches: agingBatches(ctx.db, params),
    disputed: q.disputed === "apart" ? () => agingDisputed(ctx.db, params) : undefined,
  };
}
