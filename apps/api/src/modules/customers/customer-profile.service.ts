/** What the company keeps on a customer besides QuickBooks' record: a note and tags. */
import type { AppContext } from "../../context.ts";
import { type CustomerOf, ownCustomer } from "./customer-access.ts";
import { saveProfile } from "./customer-profile.repository.ts";

export async function editNote(ctx: AppContext, companyId: string, ref: CustomerOf, note: string) {
  await ownCustomer(ctx, companyId, ref);
  return (await saveProfile(ctx.db, companyId, ref.customerRef, { note })).note;
}

/** Replaces the tags: trimmed (by the contract), duplicates dropped whatever their case, first spelling kept. */
export async function editTags(ctx: AppContext, companyId: string, ref: CustomerOf, tags: string[]) {
  await ownCustomer(ctx, companyId, ref);
  const seen = new Set<string>();
  const unique = tags.filter((tag) => {
    const key = tag.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return (await saveProfile(ctx.db, companyId, ref.customerRef, { tags: unique })).tags;
}
