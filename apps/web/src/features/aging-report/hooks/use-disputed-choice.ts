import { useCallback } from "react";
import { useSearchParams } from "react-router";

import {
  DISPUTED_PARAM,
  type DisputedChoice,
  parseDisputedChoice,
} from "@/features/aging-report/utils/disputed-choices";
import { listKeys } from "@/lib/list-params";

/**
 * Disputed invoices in the report (counted, left out, or apart), kept in the URL beside the list's
 * own params; a new choice goes back to page 1, as the rows change.
 */
export function useDisputedChoice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const choice = parseDisputedChoice(searchParams);
  const choose = useCallback(
    (next: DisputedChoice) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        if (next === "include") params.delete(DISPUTED_PARAM);
        else params.set(DISPUTED_PARAM, next);
        params.delete(listKeys.page);
        return params;
      }),
    [setSearchParams],
  );
  return [choice, choose] as const;
}
