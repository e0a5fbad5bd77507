import { type HoldFilter, holdFilterSchema } from "@recoup/contracts";

import { useUrlFilter } from "@/hooks/use-url-filter";

/** The search param of the lists' hold filter: `/invoices?hold=promised` (the dashboard links there). */
export const HOLD_PARAM = "hold";

const parseHold = (raw: string | null) => {
  const parsed = holdFilterSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
};

/** A list's 'Promised' / 'Disputed' filter, read from and written to the URL. */
export function useHoldFilter(): [HoldFilter | null, (hold: HoldFilter | null) => void] {
  return useUrlFilter(HOLD_PARAM, parseHold);
}
