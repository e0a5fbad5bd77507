/** The Customers page: customers with open invoices, with what they owe. */
import type { CustomerListResponse, customerListQuerySchema } from "@recoup/contracts";
import type { z } from "zod";
import type { AppContext } from "../../context.ts";
import { companyToday, searchTerm } from "../receivables/index.ts";
import * as customerListRepo from "./customer-list.repository.ts";

export async function listCustomers(
  ctx: AppContext,
  companyId: string,
  q: z.infer<typeof customerListQuerySchema>,
): Promise<CustomerListResponse["data"]> {
  const clock = await companyToday(ctx, companyId);
  const { today } = clock;
  const params = { companyId, today, sortBy: q.sortBy, sortOrder: q.sortOrder, search: searchTerm(q.search) };
  const paging = { offset: (q.page - 1) * q.limit, limit: q.limit };
  // Each row aggregates the customer's open invoices: kept until the data changes.
  const { rows, total } = await ctx.cache.get(
    clock,
    JSON.stringify(["customers-page", params, paging]),
    async () => {
      const page = await customerListRepo.listCustomers(ctx.db, { ...params, ...paging });
      return {
        rows: page.rows,
        total: page.total ?? (q.page > 1 ? await customerListRepo.countCustomers(ctx.db, params) : 0),
      };
    },
  );
  return { customers: rows, total, page: q.page, limit: q.limit, asOf: today };
}
