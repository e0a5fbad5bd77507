import { z } from "zod";
import { agingAmountsSchema } from "./aging.ts";
import { centsSchema, companyIdSchema, currencySchema, isoDateSchema } from "./lists.ts";
import { reminderBlockSchema } from "./reminders.ts";

/** GET /v1/business/dashboard/summary */
export const dashboardQuerySchema = z.object({ companyId: companyIdSchema });

/**
 * The dashboard's figures are in the company's home currency: amounts in other currencies are
 * converted with the exchange rate QuickBooks recorded on each transaction (its home amounts).
 */
export const dashboardSummarySchema = z.object({
  asOf: isoDateSchema,
  timezone: z.string(),
  homeCurrency: currencySchema,
  /** Other currencies whose amounts were converted into the home currency. */
  convertedCurrencies: z.array(currencySchema),
  outstandingCents: centsSchema,
  overdueCents: centsSchema,
  overdueInvoices: z.number().int(),
  openInvoices: z.number().int(),
  /** Open balances under a promise to pay not yet missed, and under an open dispute (home currency). */
  promisedCents: centsSchema,
  promisedInvoices: z.number().int(),
  disputedCents: centsSchema,
  disputedInvoices: z.number().int(),
  collectedLast30Cents: centsSchema,
  /** Days sales outstanding over the last 90 days: receivables now ÷ invoiced in 90 days × 90. Null with no sales. */
  dso: z.number().nullable(),
  /**
   * Collection effectiveness index over the last 90 days, in percent:
   * (beginning receivables + invoiced − ending receivables) ÷ (beginning receivables + invoiced − ending current receivables) × 100.
   */
  cei: z
    .object({
      percent: z.number(),
      beginningReceivablesCents: centsSchema,
      invoicedCents: centsSchema,
      endingReceivablesCents: centsSchema,
      endingCurrentCents: centsSchema,
      periodStart: isoDateSchema,
    })
    .nullable(),
  aging: agingAmountsSchema,
  mostOverdue: z.array(
    z.object({
      customerRef: z.string(),
      name: z.string(),
      currency: currencySchema,
      overdueCents: centsSchema,
      /** In the home currency. */
      overdueHomeCents: centsSchema,
      overdueInvoices: z.number().int(),
      oldestDueDate: isoDateSchema.nullable(),
      daysOverdue: z.number().int(),
    }),
  ),
  /**
   * 'No email address': customers with an open balance Recoup cannot write to (no contact whose
   * emails have not bounced, no open invoice with a BillEmail), those owing the most first.
   */
  noEmail: z.object({
    /** How many such customers there are in all. */
    total: z.number().int(),
    customers: z.array(
      z.object({
        customerRef: z.string(),
        name: z.string(),
        currency: currencySchema,
        openInvoices: z.number().int(),
        outstandingCents: centsSchema,
      }),
    ),
  }),
  /**
   * Automatic reminders: on or off, and why they are on hold (e.g. the sync before sending
   * failed). The upcoming ones come from the reminders' upcoming call.
   */
  reminders: z.object({ enabled: z.boolean(), blocked: reminderBlockSchema.nullable() }),
  recentActivity: z.array(
    z.object({
      type: z.enum(["payment", "invoice_created", "invoice_voided"]),
      date: isoDateSchema,
      /** When QuickBooks last changed the record, for ordering within a day. */
      at: z.string(),
      customerRef: z.string(),
      customerName: z.string(),
      /** The invoice (for invoice events) or payment id. */
      id: z.string(),
      docNumber: z.string().nullable(),
      currency: currencySchema,
      amountCents: centsSchema,
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSummarySchema });
