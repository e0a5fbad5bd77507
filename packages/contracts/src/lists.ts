import { z } from "zod";

/** Paging, sorting and searching shared by every list call. */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_SEARCH_LENGTH = 200;

export const sortOrderSchema = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof sortOrderSchema>;

export const pageSchema = z.coerce.number().int().min(1).max(1_000_000).default(1);
export const pageSizeSchema = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE);
export const searchSchema = z.string().trim().max(MAX_SEARCH_LENGTH).optional();

/** A company id in a query: checked against the signed-in user's company (403 when another). */
export const companyIdSchema = z.uuid();

/**
 * A list's sort: the fields it can be sorted by and the one it starts sorted by, largest or latest
 * first. The API's query falls back to it and the web leaves it out of the URL, so the two agree.
 */
export function listSort<const F extends readonly [string, ...string[]]>(sortFields: F, sort: F[number]) {
  const order: SortOrder = "desc";
  return { sortFields, sort, order };
}

/**
 * How every sortable list query starts: the company, then the order (largest or latest first
 * unless asked). Each list adds its sort field, search and page size under its spec's names.
 */
export const listQueryShape = { companyId: companyIdSchema, sortOrder: sortOrderSchema.default("desc") };
/** The page asked for, in lists that call their page size `limit`. */
export const pagingShape = { page: pageSchema, limit: pageSizeSchema };
/** Beside a list page's rows: how many match over all pages, which page this is and its size. */
export const pageInfoShape = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
};

/** Amounts are integer cents in the row's currency (ISO 4217 code); never summed across currencies. */
export const centsSchema = z.number().int();
export const currencySchema = z.string().length(3);
/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Per-currency sums, for totals rows. */
export const currencyTotalSchema = z.object({ currency: currencySchema, cents: centsSchema });
