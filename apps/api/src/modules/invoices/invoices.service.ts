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
import { listInvoices as listInvoiceRows } from "./invoices.repository.ts";
import { customerExists, findCompanyTimezone } from "./receivables.repository.ts";

/** "Today" in the company's time zone: what statuses, days overdue and buckets are relative to. */
export async function companyToday(ctx: AppContext, companyId: string) {
  const timezone = (await findCompanyTimezone(ctx.db, companyId)) ?? "UTC";
  return { timezone, today: dateIn(timezone, ctx.now()) };
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
  const { today } = await companyToday(ctx, companyId);
  if (q.customerRef !== undefined && !(await customerExists(ctx.db, companyId, q.customerRef))) {
    throw notFound("No such customer.");
  }
  const { rows, total } = await listInvoiceRows(ctx.db, {
    companyId,
    today,
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    search: searchTerm(q.searchQuery),
    status: q.status,
    customerRef: q.customerRef,
    offset: (q.page - 1) * q.limit,
    limit: q.limit,
  });
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
  const { today } = await companyToday(ctx, companyId);
  const page = await agingPage(ctx.db, {
    ...agingParams(companyId, today, q),
    offset: (q.page - 1) * q.size,
    limit: q.size,
  });
  return { ...page, page: q.page, size: q.size, asOf: today };
}

/** The whole report, batch by batch, for the CSV export. */
export async function ageReportBatches(ctx: AppContext, companyId: string, q: AgeReportQuery) {
  const { today } = await companyToday(ctx, companyId);
  return { asOf: today, batches: agingBatches(ctx.db, agingParams(companyId, today, q)) };
}
