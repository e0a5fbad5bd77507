import { DEFAULT_PAGE_SIZE, MAX_SEARCH_LENGTH, type SortOrder } from "@recoup/contracts";

/**
 * A list's state in the URL's search params (`?sort=dueDate&order=asc&q=acme&page=2&size=25`), so
 * a reload, the back button and a shared link all keep it. Anything missing or invalid falls back
 * to the list's defaults; defaults are left out of the URL so a plain link stays plain.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export interface ListParams<S extends string, F extends string = never> {
  sort: S;
  order: SortOrder;
  search: string;
  page: number;
  pageSize: number;
  /** An extra filter (invoice status), or null for "All". */
  filter: F | null;
}

export interface ListDefaults<S extends string, F extends string = never> {
  sortFields: readonly S[];
  sort: S;
  order: SortOrder;
  filters?: readonly F[];
}

/** The search param names. */
export const listKeys = {
  sort: "sort",
  order: "order",
  search: "q",
  page: "page",
  pageSize: "size",
  filter: "status",
} as const;

function positiveInt(raw: string | null): number | null {
  if (!raw || !/^\d{1,7}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

function oneOf<T extends string>(values: readonly T[] | undefined, raw: string | null): T | null {
  return raw !== null && values?.includes(raw as T) ? (raw as T) : null;
}

export function parseListParams<S extends string, F extends string = never>(
  params: URLSearchParams,
  defaults: ListDefaults<S, F>,
): ListParams<S, F> {
  const sort = oneOf(defaults.sortFields, params.get(listKeys.sort));
  const order = oneOf(["asc", "desc"] as const, params.get(listKeys.order));
  const size = positiveInt(params.get(listKeys.pageSize));
  return {
    sort: sort ?? defaults.sort,
    // A sort field without an order keeps the default order only for the default field.
    order: order ?? (sort && sort !== defaults.sort ? "asc" : defaults.order),
    search: (params.get(listKeys.search) ?? "").trim().slice(0, MAX_SEARCH_LENGTH),
    page: positiveInt(params.get(listKeys.page)) ?? 1,
    pageSize: size && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    filter: oneOf(defaults.filters, params.get(listKeys.filter)),
  };
}

/**
 * `current` with `patch` applied, as search params: defaults dropped, other params kept. Changing
 * the sort, the search, the filter or the page size goes back to page 1.
 */
export function listSearchParams<S extends string, F extends string = never>(
  current: URLSearchParams,
  state: ListParams<S, F>,
  patch: Partial<ListParams<S, F>>,
  defaults: ListDefaults<S, F>,
): URLSearchParams {
  const resetsPage = ["sort", "order", "search", "pageSize", "filter"].some(
    (key) => key in patch && patch[key as keyof typeof patch] !== state[key as keyof typeof state],
  );
  const next: ListParams<S, F> = {
    ...state,
    ...patch,
    ...(resetsPage && !("page" in patch) ? { page: 1 } : {}),
  };
  // Other params first, then the list's in one fixed order, so equal states give equal links.
  const out = new URLSearchParams(current);
  for (const key of Object.values(listKeys)) out.delete(key);
  const add = (key: string, value: string | number | null, fallback: string | number | null) => {
    if (value !== null && value !== "" && value !== fallback) out.append(key, String(value));
  };
  const isDefaultSort = next.sort === defaults.sort && next.order === defaults.order;
  add(listKeys.sort, isDefaultSort ? null : next.sort, null);
  add(listKeys.order, isDefaultSort ? null : next.order, null);
  add(listKeys.search, next.search.trim(), "");
  add(listKeys.page, next.page, 1);
  add(listKeys.pageSize, next.pageSize, DEFAULT_PAGE_SIZE);
  add(listKeys.filter, next.filter, null);
  return out;
}

/** Pages for `total` rows: at least 1, so an empty list reads "Page 1 of 1". */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
