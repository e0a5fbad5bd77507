import { z } from "zod";
import { emailSchema } from "./auth.ts";

export const companyTypes = [
  "Sole proprietorship",
  "Partnership",
  "LLC",
  "Corporation",
  "Nonprofit",
  "Other",
] as const;
export const companySizes = ["Just me", "2-10", "11-50", "51-200", "201+"] as const;

export const onboardingMessages = {
  companyNameRequired: "Company name is required",
  companyTypeRequired: "Please choose your company type",
  companySizeRequired: "Please choose your company size",
  avgInvoicesInvalid: "Enter the average number of invoices per month as a whole number above 0",
  timezoneInvalid: "Please choose a valid time zone",
} as const;

export const onboardRequestSchema = z.object({
  company_name: z.string().trim().min(1, onboardingMessages.companyNameRequired).max(200),
  company_type: z.enum(companyTypes, { error: onboardingMessages.companyTypeRequired }),
  company_size: z.enum(companySizes, { error: onboardingMessages.companySizeRequired }),
  avg_invoices: z
    .number({ error: onboardingMessages.avgInvoicesInvalid })
    .int(onboardingMessages.avgInvoicesInvalid)
    .min(1, onboardingMessages.avgInvoicesInvalid)
    .max(1_000_000, onboardingMessages.avgInvoicesInvalid),
  email: emailSchema,
  /** IANA time zone; reminders are scheduled in it. Defaults to the browser's. */
  timezone: z.string().min(1).max(64).default("UTC"),
});
export type OnboardRequest = z.infer<typeof onboardRequestSchema>;
export type OnboardRequestInput = z.input<typeof onboardRequestSchema>;

export const onboardResponseSchema = z.object({
  data: z.object({ companyId: z.string(), isOnboarded: z.literal(true), trialEnd: z.number() }),
});
export const onboardCheckQuerySchema = z.object({ email: emailSchema });
export const onboardCheckResponseSchema = z.object({
  data: z.object({ isOnboarded: z.boolean(), companyId: z.string().nullable() }),
});
