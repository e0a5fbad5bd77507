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

/** Amounts are integer cents in the row's currency (ISO 4217 code); never summed across currencies. */
export const centsSchema = z.number().int();
export const currencySchema = z.string().length(3);
/** A calendar date, YYYY-MM-DD. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** Per-currency sums, for totals rows. */
export const currencyTotalSchema = z.object({ currency: currencySchema, cents: centsSchema });
