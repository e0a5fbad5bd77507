import type {
  AgeReportResponse,
  ageReportQuerySchema,
  InvoiceListResponse,
  invoiceListQuerySchema,
} from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { dateIn } from "../../lib/dates.ts";
import { notFound } from "../../lib/errors.ts";
import { withReminderColumns } from "../reminders/invoice-reminders.service.ts";
import { agingBatches, agingPage } from "./aging.repository.ts";
import { countInvoices, invoicePage } from "./invoices.repository.ts";
import { customerExists, findCompanyClock } from "./receivables.repository.ts";

/** "Today" in the company's time zone: what statuses, days overdue and buckets are relative to. */
export async function companyToday(ctx: AppContext, companyId: string) {
  const clock = await findCompanyClock(ctx.db, companyId);
  const timezone = clock?.timezone ?? "UTC";
  return { companyId, timezone, today: dateIn(timezone, ctx.now()), dataVersion: clock?.dataVersion ?? 0 };
}

/** Control characters never match a name, a number or an address (and would join the indexed fields). */
export const searchTerm = (text: string | undefined) => text?.replace(/\p{Cc}/gu, "").trim() || undefined;

/** QuickBooks ids are numbers in text: compare them as such. */
export const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

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
  };
  // The count reads every matching index entry; it changes only with the data, so it is kept.
  const [rows, total] = await Promise.all([
    invoicePage(ctx.db, {
      ...filters,
      sortField: q.sortField,
      sortOrder: q.sortOrder,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    }),
    ctx.cache.get(
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
});

export async function ageReport(
  ctx: AppContext,
  companyId: string,
  q: AgeReportQuery,
): Promise<AgeReportResponse["data"]> {
  const clock = await companyToday(ctx, companyId);
  const { today } = clock;
  const params = { ...agingParams(companyId, today, q), offset: (q.page - 1) * q.size, limit: q.size };
  // Every customer's buckets are aggregated for the totals row: kept until the data changes.
  const page = await ctx.cache.get(clock, JSON.stringify(["aging-page", params]), () =>
    agingPage(ctx.db, params),
  );
  return { ...page, page: q.page, size: q.size, asOf: today };
}

/** The whole report, batch by batch, for the CSV export. */
export async function ageReportBatches(ctx: AppContext, companyId: string, q: AgeReportQuery) {
  const { today } = await companyToday(ctx, companyId);
  return { asOf: today, batches: agingBatches(ctx.db, agingParams(companyId, today, q)) };
}
