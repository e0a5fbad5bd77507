import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

import { type ListDefaults, type ListParams, listSearchParams, parseListParams } from "@/lib/list-params";

export type ListParamsState<S extends string, F extends string = never> = ListParams<S, F> & {
  /** Applies a change as a new history entry (so Back undoes it). */
  update: (patch: Partial<ListParams<S, F>>) => void;
};

/**
 * A list's sort, search, page, page size and filter, read from and written to the URL.
 * `defaults` must be a module constant (it is a dependency of the memos).
 */
export function useListParams<S extends string, F extends string = never>(
  defaults: ListDefaults<S, F>,
): ListParamsState<S, F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseListParams(searchParams, defaults), [searchParams, defaults]);
  const update = useCallback(
    (patch: Partial<ListParams<S, F>>) =>
      setSearchParams((current) =>
        listSearchParams(current, parseListParams(current, defaults), patch, defaults),
      ),
    [setSearchParams, defaults],
  );
  return useMemo(() => ({ ...state, update }), [state, update]);
}
