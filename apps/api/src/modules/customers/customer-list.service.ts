/** The Customers page: customers with open invoices, with what they owe and their reminder schedule. */
import { createHash } from "node:crypto";
import type { CustomerListResponse, customerListQuerySchema } from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { companyToday, searchTerm } from "../receivables/index.ts";
import * as customerListRepo from "./customer-list.repository.ts";
import { companySchedules, scheduleCell, scheduleFilter } from "./customer-schedules.ts";

export async function listCustomers(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof customerListQuerySchema>,
): Promise<CustomerListResponse["data"]> {
  const [clock, schedules] = await Promise.all([
    companyToday(ctx, companyId),
    companySchedules(ctx, companyId),
  ]);
  const { today } = clock;
  const refs = q.schedule ? scheduleFilter(schedules, q.schedule) : undefined;
  const params = { companyId, today, sortBy: q.sortBy, sortOrder: q.sortOrder, search: searchTerm(q.search) };
  const paging = { offset: (q.page - 1) * q.limit, limit: q.limit };
  // Assigning a schedule changes no synced data (the cache's version): the customers kept are in the key.
  const kept = refs && createHash("sha256").update(JSON.stringify(refs)).digest("base64url");
  // Each row aggregates the customer's open invoices: kept until the data changes.
  const { rows, total } = await ctx.cache.get(
    clock,
    JSON.stringify(["customers-page", params, paging, kept]),
    async () => {
      const page = await customerListRepo.listCustomers(ctx.db, { ...params, refs, ...paging });
      return {
        rows: page.rows,
        total:
          page.total ?? (q.page > 1 ? await customerListRepo.countCustomers(ctx.db, { ...params, refs }) : 0),
      };
    },
  );
  const customers = rows.map((row) => ({ ...row, schedule: scheduleCell(schedules, row.customerRef) }));
  return { customers, total, page: q.page, limit: q.limit, asOf: today };
}
