import { errorCodes, type OnboardRequest, onboardingMessages, templateTypes } from "@recoup/contracts";
import type { AppContext } from "../../context.ts";
import { enqueueProvision } from "../../jobs/billing-provision.ts";
import { isTimeZone } from "../../lib/dates.ts";
import { AppError } from "../../lib/errors.ts";
import { defaultTemplates } from "../reminders/index.ts";
import * as repo from "./onboarding.repository.ts";

export const TRIAL_DAYS = 14;

/**
 * Creates the company, its three default templates and its 14-day trial, in one transaction. With
 * billing on, the trial's provider half (customer, subscription without a card) is a job queued in
 * it: a provider that is down delays it and never fails onboarding.
 */
export async function onboard(ctx: AppContext, userId: string, input: OnboardRequest) {
  if (!isTimeZone(input.timezone))
    throw new AppError(400, errorCodes.validation, onboardingMessages.timezoneInvalid);
  const trialEnd = new Date(Date.now() + TRIAL_DAYS * 24 * 3600 * 1000);
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.lockUser(tx, userId);
    if (locked?.companyId) {
      throw new AppError(409, errorCodes.alreadyOnboarded, "This account has already completed onboarding.");
    }
    const company = await repo.insertCompany(tx, {
      name: input.company_name,
      type: input.company_type,
      size: input.company_size,
      avgInvoices: input.avg_invoices,
      timezone: input.timezone,
    });
    await repo.insertTemplates(
      tx,
      templateTypes.map((type) => ({ companyId: company.id, type, ...defaultTemplates[type] })),
    );
    await repo.insertSubscription(tx, {
      companyId: company.id,
      status: "trialing",
      planName: "Free Trial",
      trialEnd,
    });
    if (ctx.billing) await enqueueProvision(ctx, company.id, tx);
    await repo.attachCompany(tx, userId, company.id);
    return { companyId: company.id, trialEnd: Math.floor(trialEnd.getTime() / 1000) };
  });
}
