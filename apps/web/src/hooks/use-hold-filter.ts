import { type HoldFilter, holdFilterSchema } from "@recoup/contracts";
import { useCallback } from "react";
import { useSearchParams } from "react-router";

import { listKeys } from "@/lib/list-params";

/** The search param of the lists' hold filter: `/invoices?hold=promised` (the dashboard links there). */
export const HOLD_PARAM = "hold";

/**
 * A list's 'Promised' / 'Disputed' filter, read from and written to the URL beside the list's own
 * params; choosing one goes back to page 1, as the list's own filter does.
 */
export function useHoldFilter(): [HoldFilter | null, (hold: HoldFilter | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const parsed = holdFilterSchema.safeParse(searchParams.get(HOLD_PARAM));
  const setHold = useCallback(
    (hold: HoldFilter | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (hold) next.set(HOLD_PARAM, hold);
        else next.delete(HOLD_PARAM);
        next.delete(listKeys.page);
        return next;
      }),
    [setSearchParams],
  );
  return [parsed.success ? parsed.data : null, setHold];
}
