import type { ListDefaults } from "@/lib/list-params";

/** The one filter: only the invoices whose reply waits for someone. */
export type ThreadFilter = "reply_waiting";

/** The list is always latest activity first: one sort, and a 'Reply waiting' filter (`?status=`). */
export const communicationsListDefaults: ListDefaults<"latest", ThreadFilter> = {
  sortFields: ["latest"],
  sort: "latest",
  order: "desc",
  filters: ["reply_waiting"],
};
