import type { AppContext } from "../../context.ts";
import { dateIn } from "../../lib/dates.ts";
import { findCompanyClock } from "./lookups.repository.ts";

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
