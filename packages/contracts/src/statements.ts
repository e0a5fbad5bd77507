import { z } from "zod";
import { companyIdSchema, isoDateSchema } from "./lists.ts";

/**
 * Statements of account (issue 19, item 4; decision 0019): one customer's open invoices and
 * credits with a running balance, aging buckets and totals per currency, as a PDF to download or
 * email, and (a company setting) emailed to every customer with a balance each month.
 */

/** GET (the PDF) and POST (send it): the customer, by its QuickBooks id; the tenant is the token's. */
export const statementRequestSchema = z.object({
  companyId: companyIdSchema,
  customerRef: z.string().min(1).max(64),
});
export type StatementRequest = z.infer<typeof statementRequestSchema>;

export const sendStatementResponseSchema = z.object({
  data: z.object({
    statementId: z.string(),
    status: z.literal("queued"),
    /** The addresses it goes to. */
    to: z.array(z.string()),
  }),
});
export type SendStatementResponse = z.infer<typeof sendStatementResponseSchema>;

/** The company's monthly statements: on or off (off by default). */
export const statementSettingsSchema = z.object({
  monthly: z.boolean(),
  /** Reminders off: nothing goes, monthly statements included. */
  remindersOn: z.boolean(),
  /** The next first send day of a month, in the company's zone (when monthly statements go). */
  nextMonthlyOn: isoDateSchema,
});
export type StatementSettings = z.infer<typeof statementSettingsSchema>;
export const statementSettingsResponseSchema = z.object({ data: statementSettingsSchema });
export const statementSettingsQuerySchema = z.object({ companyId: companyIdSchema });
export const saveStatementSettingsRequestSchema = z.object({
  companyId: companyIdSchema,
  monthly: z.boolean(),
});
export type SaveStatementSettingsRequest = z.infer<typeof saveStatementSettingsRequestSchema>;

/** The addresses a statement goes to: the customer's billing contacts whose email has not bounced. */
export function statementAddresses(
  contacts: readonly { address: string; role: string; bouncedAt: string | Date | null }[],
): string[] {
  return contacts.filter((c) => c.role === "billing" && c.bouncedAt === null).map((c) => c.address);
}

export const statementMessages = {
  noAddress:
    "This customer has no billing contact with a working email address, so there is nowhere to send a statement. Add one under Contacts.",
  monthlyLabel: "Send each customer with a balance a statement on the first weekday of each month",
} as const;
