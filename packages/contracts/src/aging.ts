import { z } from "zod";
import {
  centsSchema,
  currencySchema,
  isoDateSchema,
  listQueryShape,
  listSort,
  pageSchema,
  pageSizeSchema,
  searchSchema,
} from "./lists.ts";

/** The buckets, by days past due in the company's time zone: not yet due (or no due date) is Current. */
export const agingBuckets = [
  { key: "current", label: "Current" },
  { key: "days1to30", label: "1-30" },
  { key: "days31to60", label: "31-60" },
  { key: "days61to90", label: "61-90" },
  { key: "over90", label: "Over 90" },
] as const;
export type AgingBucketKey = (typeof agingBuckets)[number]["key"];

const bucketAmounts = {
  current: centsSchema,
  days1to30: centsSchema,
  days31to60: centsSchema,
  days61to90: centsSchema,
  over90: centsSchema,
  total: centsSchema,
};
export const agingAmountsSchema = z.object(bucketAmounts);
export type AgingAmounts = z.infer<typeof agingAmountsSchema>;

/** The aging report sorts by the total unless asked. */
export const agingListSort = listSort(["customerName", ...agingBuckets.map((b) => b.key), "total"], "total");
export const agingSortFields = agingListSort.sortFields;
export const agingSortFieldSchema = z.enum(agingSortFields);
export type AgingSortField = z.infer<typeof agingSortFieldSchema>;

/** GET /v1/business/invoice/ageReport (and its CSV export, which ignores page and size). */
export const ageReportQuerySchema = z.object({
  ...listQueryShape,
  sortField: agingSortFieldSchema.default(agingListSort.sort),
  searchQuery: searchSchema,
  page: pageSchema,
  size: pageSizeSchema,
  /**
   * Disputed invoices (an open dispute): counted in the buckets like the rest (`include`, the
   * default), left out (`exclude`), or left out of the rows and totals and summed on their own
   * (`apart`: the response's `disputed`, and the CSV's 'Disputed' lines).
   */
  disputed: z.enum(["include", "exclude", "apart"]).default("include"),
});
export type AgeReportQuery = z.input<typeof ageReportQuerySchema>;

/** One customer with an open balance; amounts in the customer's currency. */
export const agingRowSchema = z.object({
  customerRef: z.string(),
  customerName: z.string(),
  currency: currencySchema,
  ...bucketAmounts,
});
export type AgingRow = z.infer<typeof agingRowSchema>;

export const ageReportResponseSchema = z.object({
  data: z.object({
    rows: z.array(agingRowSchema),
    /** Customers matching the search, over all pages. */
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    /** The totals row over every matching customer (not just the page), one per currency. */
    totals: z.array(z.object({ currency: currencySchema, ...bucketAmounts })),
    /** With `disputed=apart`: the disputed invoices' buckets, one line per currency; else empty. */
    disputed: z.array(z.object({ currency: currencySchema, invoices: z.number().int(), ...bucketAmounts })),
    asOf: isoDateSchema,
  }),
});
export type AgeReportResponse = z.infer<typeof ageReportResponseSchema>;

/** The CSV's header line; amounts are decimal strings in each row's currency, then a Total line per currency. */
export const AGING_CSV_HEADER = [
  "Customer",
  "Currency",
  "Current",
  "1-30",
  "31-60",
  "61-90",
  "Over 90",
  "Total",
];
