import { useCallback } from "react";
import { useSearchParams } from "react-router";

import { listKeys } from "@/lib/list-params";

/**
 * A list's extra filter in one search param beside the list's own (`?hold=promised`,
 * `?schedule=standard`): anything `parse` refuses reads as no filter; choosing one goes back to
 * page 1, as the list's own filter does.
 */
export function useUrlFilter<T extends string>(
  param: string,
  parse: (raw: string | null) => T | null,
): [T | null, (value: T | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const setValue = useCallback(
    (value: T | null) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(param, value);
        else next.delete(param);
        next.delete(listKeys.page);
        return next;
      }),
    [setSearchParams, param],
  );
  return [parse(searchParams.get(param)), setValue];
}
